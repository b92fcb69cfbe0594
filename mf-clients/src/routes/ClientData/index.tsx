import { ComingLater } from '../../components/ComingLater';

export default function ClientDataPage() {
  return <ComingLater title="Klientdata" />;
}
