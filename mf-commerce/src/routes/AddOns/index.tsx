import { ComingLater } from '../../components/ComingLater';

export default function AddOnsPage() {
  return <ComingLater title="Tilføjelser" />;
}
