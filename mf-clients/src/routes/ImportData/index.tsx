import { ComingLater } from '../../components/ComingLater';

export default function ImportDataPage() {
  return <ComingLater title="Importer data" />;
}
