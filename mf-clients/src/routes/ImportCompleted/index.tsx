import { ComingLater } from '../../components/ComingLater';

export default function ImportCompletedPage() {
  return <ComingLater title="Import af Data Fuldført" />;
}
