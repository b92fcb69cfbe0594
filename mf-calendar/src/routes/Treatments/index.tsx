import { ComingLater } from '@klinik/ui';

export default function TreatmentsPage() {
  return <ComingLater title="Behandlinger" />;
}
