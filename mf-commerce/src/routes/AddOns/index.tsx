import { ComingLater } from '@klinik/ui';

export default function AddOnsPage() {
  return <ComingLater title="Tilføjelser" />;
}
