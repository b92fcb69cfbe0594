import { ComingLater } from '@klinik/ui';

export default function SupportImportDataPage() {
  return <ComingLater title="Importer data for en klinik" />;
}
