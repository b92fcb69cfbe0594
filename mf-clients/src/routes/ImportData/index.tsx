import { ComingLater } from '@klinik/ui';

export default function ImportDataPage() {
  return <ComingLater title="Importer data" />;
}
