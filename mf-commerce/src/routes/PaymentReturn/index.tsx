import { ComingLater } from '@klinik/ui';

export default function PaymentReturnPage() {
  return <ComingLater title="Betaling" />;
}
