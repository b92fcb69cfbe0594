import { ComingLater } from '@klinik/ui';

export default function TherapistAdminPage() {
  return <ComingLater title="Administrer terapeut" />;
}
