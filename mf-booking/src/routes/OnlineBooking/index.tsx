import { ComingLater } from '../../components/ComingLater';

export default function OnlineBookingPage() {
  return <ComingLater title="Online booking" />;
}
