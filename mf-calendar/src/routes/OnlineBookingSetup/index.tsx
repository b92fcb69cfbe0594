import { ComingLater } from '../../components/ComingLater';

export default function OnlineBookingSetupPage() {
  return <ComingLater title="Onlinereservation" />;
}
