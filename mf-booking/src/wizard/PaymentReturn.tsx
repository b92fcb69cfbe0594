/**
 * Where the provider's checkout sends the client back (`#betaling=<token>` on the booking page): the payment's state
 * by its status token. 'paid' is the booking made; 'pending' is a payment whose word from the provider is still on
 * its way (a webhook), so the page asks again a few times and then offers 'Opdater' (or, when the client left the
 * checkout unpaid, says until when the time is held); 'expired' is the hold lapsed unpaid (money that arrives anyway
 * is refunded by the server); 'refunded' says so. Loaded only on that return (BookingWizard), so the booking itself
 * does not carry it.
 */
import { useEffect, useState } from 'react';
import type { ActionClient } from '@klinik/core/client';
import { formatKroner } from '@klinik/core/rules';
import { formatCopenhagenTime } from '@klinik/core/time';
import { useQuery } from '@klinik/ui';
import { texts } from '../texts';
import { Loaded } from './Loaded';
import { dayTitle } from './steps/format';

const T = texts.payment;

/** How often and how many times a still-pending payment is asked again before the page offers 'Opdater'. */
export const POLL_MS = 2000;
export const POLLS = 15;

export default function PaymentReturn({
  client,
  token,
  cancelled = false,
  bookAgainHref,
  pollMs = POLL_MS,
  polls = POLLS,
}: {
  client: ActionClient;
  token: string;
  /** The client left the checkout without paying: nothing is on its way. */
  cancelled?: boolean;
  /** The booking page without the token: 'Book en ny tid'. */
  bookAgainHref: string;
  pollMs?: number;
  polls?: number;
}) {
  const status = useQuery(['getBookingPayment', token], () => client.call('getBookingPayment', { paymentToken: token }));
  const [asked, setAsked] = useState(0);
  const state = status.data?.data.state;
  const { refresh } = status;
  useEffect(() => {
    if (state !== 'pending' || cancelled || asked >= polls) return undefined;
    const timer = setTimeout(() => {
      setAsked((count) => count + 1);
      void refresh();
    }, pollMs);
    return () => clearTimeout(timer);
  }, [state, cancelled, asked, polls, pollMs, refresh]);

  const bookAgain = (
    <a className="kb-button" data-kind="secondary" href={bookAgainHref}>
      {T.bookAgain}
    </a>
  );
  return (
    <section>
      <h2>{T.title}</h2>
      <Loaded query={status}>
        {({ data }) => {
          const when = `${dayTitle.format(data.from)} kl. ${formatCopenhagenTime(data.from)}`;
          const summary = <p>{T.summary(data.treatmentName, when)}</p>;
          if (data.state === 'paid') {
            return (
              <>
                <p className="kb-success" role="status">
                  {T.paid}
                </p>
                {summary}
                <p>{T.amountPaid(formatKroner(data.amountOre))}</p>
              </>
            );
          }
          if (data.state === 'pending' && cancelled) {
            return (
              <>
                <p className="kb-info" role="status">
                  {T.cancelled(formatCopenhagenTime(data.holdUntil))}
                </p>
                {summary}
                <div className="kb-actions">{bookAgain}</div>
              </>
            );
          }
          if (data.state === 'pending') {
            const gaveUp = asked >= polls;
            return (
              <>
                <p className="kb-info" role="status">
                  {gaveUp ? T.stillPending : T.pending}
                </p>
                {summary}
                {gaveUp && (
                  <button
                    type="button"
                    className="kb-button"
                    onClick={() => {
                      setAsked(0);
                      void refresh();
                    }}
                  >
                    {T.refresh}
                  </button>
                )}
              </>
            );
          }
          return (
            <>
              <p className={data.state === 'expired' ? 'kb-alert' : 'kb-info'} role="status">
                {data.state === 'expired' ? T.expired : T.refunded}
              </p>
              {summary}
              <div className="kb-actions">{bookAgain}</div>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
