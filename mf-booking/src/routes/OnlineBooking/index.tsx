/** `/OnlineBooking?therapistId=…` inside the shell: the public booking wizard (`#betaling=<token>`: back from paying). */
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { BookingWizard } from '../../wizard/BookingWizard';
import { paymentReturnOf } from '../../wizard/payment-return';

export default function OnlineBookingPage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const paymentReturn = useMemo(() => paymentReturnOf(hash), [hash]);
  // A public page outside the shell's layouts: its main landmark is here.
  return (
    <main>
      <BookingWizard client={shell.client} therapistId={params.get('therapistId')} paymentReturn={paymentReturn} />
    </main>
  );
}
