import { ComingLater } from '../../components/ComingLater';

export default function CalendarPage() {
  return <ComingLater title="Kalender" />;
}
