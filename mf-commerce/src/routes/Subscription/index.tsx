import { ComingLater } from '../../components/ComingLater';

export default function SubscriptionPage() {
  return <ComingLater title="Mit Abonnement" />;
}
