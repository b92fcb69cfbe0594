import { ComingLater } from '../../components/ComingLater';

export default function TherapistAdminPage() {
  return <ComingLater title="Administrer terapeut" />;
}
