import { ComingLater } from '../../components/ComingLater';

export default function UnsubscribePage() {
  return <ComingLater title="Afmeld nyhedsbreve" />;
}
