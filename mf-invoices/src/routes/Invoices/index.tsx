import { ComingLater } from '@klinik/ui';

export default function InvoicesPage() {
  return <ComingLater title="Faktura" />;
}
