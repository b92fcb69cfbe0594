import { ComingLater } from '@klinik/ui';

export default function ImportCompletedPage() {
  return <ComingLater title="Import af Data Fuldført" />;
}
