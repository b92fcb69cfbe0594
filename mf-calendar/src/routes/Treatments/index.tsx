import { ComingLater } from '../../components/ComingLater';

export default function TreatmentsPage() {
  return <ComingLater title="Behandlinger" />;
}
