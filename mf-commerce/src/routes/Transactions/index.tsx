import { ComingLater } from '../../components/ComingLater';

export default function TransactionsPage() {
  return <ComingLater title="Transaktioner" />;
}
