/**
 * Step 4 for a treatment: the free times of one week, by day, never today or earlier (the server decides). The
 * times are a query keyed by treatment and week, so only times answered for the week on screen are ever shown
 * ('Indlæser…' until they arrive), whatever order the answers come in. A treatment paid at booking shows its terms
 * (PaymentTerms) under the chosen time, and its button goes to the payment once the rule is accepted.
 */
import { useMemo, useState, type Dispatch } from 'react';
import type { ActionClient } from '@klinik/core/client';
import type { PublicTreatment } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate, startOfCopenhagenWeek } from '@klinik/core/time';
import { useQuery } from '@klinik/ui';
import { texts } from '../../texts';
import { Loaded } from '../Loaded';
import type { WizardAction, WizardState } from '../state';
import { Back } from './Back';
import { PaymentTerms } from './PaymentTerms';
import { WaitlistJoin } from './WaitlistJoin';
import { byDay, dayTitle } from './format';

const DAY = 24 * 3600_000;

export function TimeStep({
  client,
  therapistId,
  treatment,
  state,
  dispatch,
  sending,
  onBook,
}: {
  client: ActionClient;
  therapistId: string;
  treatment: PublicTreatment;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  sending: boolean;
  onBook: () => void;
}) {
  const { week, time } = state;
  const times = useQuery(['clientGetAvailable', { therapistId, treatmentId: treatment.id, week }], () =>
    client.call('clientGetAvailable', { therapistId, treatmentId: treatment.id, from: week, to: startOfCopenhagenWeek(week, 1), duration: treatment.duration * 1000, pause: treatment.pause * 1000 }),
  );
  const days = useMemo(() => byDay(times.data?.data ?? []), [times.data]);
  const { payment } = treatment;
  const [acceptMissing, setAcceptMissing] = useState(false);
  const go = () => {
    if (payment && !state.acceptRule) return setAcceptMissing(true);
    onBook();
  };
  return (
    <section>
      <h2>{texts.chooseTime}</h2>
      <div className="kb-week">
        <button
          type="button"
          className="kb-button"
          data-kind="secondary"
          aria-label={texts.previousWeek}
          disabled={week <= startOfCopenhagenWeek(Date.now())}
          onClick={() => dispatch({ type: 'changeWeek', weeks: -1 })}
        >
          ‹
        </button>
        <strong>
          {formatDanishDate(week)} – {formatDanishDate(week + 6 * DAY)}
        </strong>
        <button type="button" className="kb-button" data-kind="secondary" aria-label={texts.nextWeek} onClick={() => dispatch({ type: 'changeWeek', weeks: 1 })}>
          ›
        </button>
      </div>
      <Loaded query={times}>
        {({ data }) =>
          data.length === 0 ? (
            // A week without a free time (often the rest of this one, late in the week) leads on to the next.
            <div className="kb-info kb-empty-week">
              <p>{texts.noTimes}</p>
              <button type="button" className="kb-button" data-kind="secondary" onClick={() => dispatch({ type: 'changeWeek', weeks: 1 })}>
                {texts.weekAfter}
              </button>
            </div>
          ) : (
            days.map(({ key, title, starts }) => (
              <div className="kb-day" key={key}>
                <h3>{title}</h3>
                <div className="kb-times" role="group" aria-label={title}>
                  {starts.map((start) => (
                    <button key={start} type="button" className="kb-time" aria-pressed={time === start} onClick={() => dispatch({ type: 'chooseTime', time: start })}>
                      {formatCopenhagenTime(start)}
                    </button>
                  ))}
                </div>
              </div>
            ))
          )
        }
      </Loaded>
      {time !== null && <p className="kb-info">{texts.chosen(`${dayTitle.format(time)} kl. ${formatCopenhagenTime(time)}`)}</p>}
      {payment && time !== null && <PaymentTerms payment={payment} state={state} dispatch={dispatch} acceptMissing={acceptMissing} />}
      <WaitlistJoin client={client} therapistId={therapistId} treatmentId={treatment.id} state={state} />
      <div className="kb-actions">
        <Back onClick={() => dispatch({ type: 'back', to: 3 })} />
        <button type="button" className="kb-button" disabled={time === null || sending} onClick={go}>
          {payment ? (sending ? texts.payment.goingToCheckout : texts.payment.toCheckout) : sending ? texts.sending : texts.book}
        </button>
      </div>
    </section>
  );
}
