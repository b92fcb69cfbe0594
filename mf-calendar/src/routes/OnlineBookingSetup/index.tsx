import { ComingLater } from '@klinik/ui';

export default function OnlineBookingSetupPage() {
  return <ComingLater title="Onlinereservation" />;
}
