/** `/MineTider?therapistId=…` inside the shell: a client's own bookings, details and data ('Mine tider'). */
import { useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { PortalPage } from '../../portal/PortalPage';

export default function MineTiderPage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  // A public page outside the shell's layouts: its main landmark is here.
  return (
    <main>
      <PortalPage client={shell.client} therapistId={params.get('therapistId')} bookingPage={shell.publicLinks.bookingPage} />
    </main>
  );
}
