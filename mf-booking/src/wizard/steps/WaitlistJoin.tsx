/**
 * 'Skriv mig på ventelisten' on the times step, for when no time suits: the weekdays and hours that do, sent with the
 * person the wizard's form already holds (clientJoinWaitlist). The server decides who it is for, as for a booking,
 * and answers one text whatever it decided; a refusal (wrong hours, too many requests) is shown as it answers it.
 * Plain elements, as the whole wizard (wizard.css): the standalone page carries no Fluent.
 */
import { useId, useState, type FormEvent } from 'react';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { texts } from '../../texts';
import type { WizardState } from '../state';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function WaitlistJoin({ client, therapistId, treatmentId, state }: { client: ActionClient; therapistId: string; treatmentId: string; state: WizardState }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [fromTime, setFromTime] = useState('08:00');
  const [toTime, setToTime] = useState('16:00');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  if (!open) {
    return (
      <button type="button" className="kb-button" data-kind="secondary" onClick={() => setOpen(true)}>
        {texts.joinWaitlist}
      </button>
    );
  }
  if (answer?.ok) return <p className="kb-success" role="status">{answer.text}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setAnswer(null);
    try {
      const sent = await client.call('clientJoinWaitlist', { therapistId, treatmentId, client: state.fields, consent: true, days, fromTime, toTime });
      setAnswer({ ok: true, text: sent.message });
    } catch (reason) {
      setAnswer({ ok: false, text: reason instanceof ActionError && reason.message ? reason.message : texts.waitlistFailed });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="kb-info" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts.joinWaitlist}</h3>
      <p>{texts.waitlistIntro}</p>
      <fieldset className="kb-weekdays">
        <legend>{texts.waitlistDays}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="kb-check">
            <input
              type="checkbox"
              checked={days.includes(day)}
              onChange={(event) => setDays((current) => (event.target.checked ? [...current, day].sort((a, b) => a - b) : current.filter((value) => value !== day)))}
            />
            {texts.weekdayNames[day - 1]}
          </label>
        ))}
      </fieldset>
      <div className="kb-pair">
        <div className="kb-field">
          <label htmlFor={`${id}-from`}>{texts.waitlistFrom}</label>
          <input id={`${id}-from`} type="time" value={fromTime} onChange={(event) => setFromTime(event.target.value)} />
        </div>
        <div className="kb-field">
          <label htmlFor={`${id}-to`}>{texts.waitlistTo}</label>
          <input id={`${id}-to`} type="time" value={toTime} onChange={(event) => setToTime(event.target.value)} />
        </div>
      </div>
      {answer && (
        <p className="kb-alert" role="alert">
          {answer.text}
        </p>
      )}
      <button type="submit" className="kb-button" disabled={sending}>
        {sending ? texts.sending : texts.waitlistSubmit}
      </button>
    </form>
  );
}
