import { ComingLater } from '@klinik/ui';

export default function ClientDataPage() {
  return <ComingLater title="Klientdata" />;
}
