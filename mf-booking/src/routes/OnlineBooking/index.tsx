/** `/OnlineBooking?therapistId=…` inside the shell: the public booking wizard. */
import { useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { BookingWizard } from '../../wizard/BookingWizard';

export default function OnlineBookingPage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  // A public page outside the shell's layouts: its main landmark is here.
  return (
    <main>
      <BookingWizard client={shell.client} therapistId={params.get('therapistId')} />
    </main>
  );
}
