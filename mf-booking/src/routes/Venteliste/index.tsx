/**
 * `/Venteliste?therapistId=…#offer=<token>`: the page a waiting-list offer's SMS and mail link to. The token rides in
 * the fragment (in no server log or Referer).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { WaitlistOffer } from './WaitlistOffer';
import '../../wizard/wizard.css';

export default function VentelistePage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  const offer = useMemo(() => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('offer') ?? '', []);
  // A public page outside the shell's layouts: its main landmark is here.
  return (
    <main className="kb">
      <WaitlistOffer client={shell.client} therapistId={params.get('therapistId') ?? ''} offer={offer} />
    </main>
  );
}
