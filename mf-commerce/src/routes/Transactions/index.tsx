import { ComingLater } from '@klinik/ui';

export default function TransactionsPage() {
  return <ComingLater title="Transaktioner" />;
}
