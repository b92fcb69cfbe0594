import { ComingLater } from '@klinik/ui';

export default function SubscriptionPage() {
  return <ComingLater title="Mit Abonnement" />;
}
