import { ComingLater } from '../../components/ComingLater';

export default function InvoicesPage() {
  return <ComingLater title="Faktura" />;
}
