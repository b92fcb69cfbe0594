import { ComingLater } from '../../components/ComingLater';

export default function SupportImportDataPage() {
  return <ComingLater title="Importer data for en klinik" />;
}
