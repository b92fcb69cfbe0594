import { ComingLater } from '@klinik/ui';

export default function CalendarPage() {
  return <ComingLater title="Kalender" />;
}
