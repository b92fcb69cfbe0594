/**
 * The time a waiting-list offer holds, and 'Tag tiden'. The server decides everything: whether the offer is still
 * open, and whether this accept was the first.
 */
import { useState } from 'react';
import type { ActionClient } from '@klinik/core/client';
import { danishWeekday, formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { queryKey, useMutation, useQuery } from '@klinik/ui';
import { ventelisteTexts as T } from './texts';

const when = (at: number) => `${danishWeekday(at)} d. ${formatDanishDate(at)} kl. ${formatCopenhagenTime(at)}`;

export function WaitlistOffer({ client, therapistId, offer: token }: { client: ActionClient; therapistId: string; offer: string }) {
  const link = { therapistId, offer: token };
  const complete = therapistId !== '' && token !== '';
  const offer = useQuery(complete ? queryKey('getWaitlistOffer', link) : null, async () => (await client.call('getWaitlistOffer', link)).data);
  const [done, setDone] = useState<string | null>(null);
  const accept = useMutation(() => client.call('acceptWaitlistOffer', link), { onSuccess: (answer) => setDone(answer.message) });
  const shown = offer.data;
  const closed = shown && shown.state !== 'offered' ? T[shown.state] : null;

  return (
    <>
      <h1>{T.title}</h1>
      {!complete && (
        <p className="kb-alert" role="alert">
          {T.noLink}
        </p>
      )}
      {complete && offer.error !== null && (
        <p className="kb-alert" role="alert">
          {offer.error}
        </p>
      )}
      {complete && !shown && offer.error === null && <p role="status">{T.loading}</p>}
      {shown && (
        <>
          <p className="kb-clinic">{shown.clinicName}</p>
          <p>
            <strong>{T.offered(shown.treatmentName, when(shown.from), shown.therapistName)}</strong>
          </p>
          {done !== null ? (
            <p className="kb-success" role="status">
              {done}
            </p>
          ) : closed !== null ? (
            <p className="kb-alert" role="alert">
              {closed}
            </p>
          ) : (
            <>
              <p>{T.heldUntil(formatCopenhagenTime(shown.expiresAt))}</p>
              {accept.error && (
                <p className="kb-alert" role="alert">
                  {accept.error}
                </p>
              )}
              <button type="button" className="kb-button" disabled={accept.pending || accept.error !== null} onClick={() => void accept.run(undefined)}>
                {accept.pending ? T.taking : T.take}
              </button>
            </>
          )}
        </>
      )}
    </>
  );
}
