import { ComingLater } from '../../components/ComingLater';

export default function PaymentReturnPage() {
  return <ComingLater title="Betaling" />;
}
