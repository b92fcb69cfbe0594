import { ComingLater } from '../../components/ComingLater';

export default function VideoGuidesPage() {
  return <ComingLater title="Videovejledninger" />;
}
