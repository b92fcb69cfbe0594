import { ComingLater } from '@klinik/ui';

export default function UnsubscribePage() {
  return <ComingLater title="Afmeld nyhedsbreve" />;
}
