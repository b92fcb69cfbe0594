import { ComingLater } from '@klinik/ui';

export default function VideoGuidesPage() {
  return <ComingLater title="Videovejledninger" />;
}
