import { ComingLater } from '@klinik/ui';

export default function OnlineBookingPage() {
  return <ComingLater title="Online booking" />;
}
