/**
 * The public online booking (spec 1 §2, §4, §5, §8): six steps from 'Behandling or Kursus' to 'Din booking er nu
 * oprettet.'. Used by the /OnlineBooking route in the shell and by the standalone page for iframes, so it uses
 * plain elements and its own CSS (the standalone page must stay under 100 KB gzip with React).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActionClient } from '@klinik/core/client';
import { ActionError } from '@klinik/core/client';
import { copenhagenDateKey, formatCopenhagenTime, formatDanishDate, startOfCopenhagenWeek } from '@klinik/core/time';
import { formatKroner, normalizeFullCpr } from '@klinik/core/rules';
import { bookingMessages, noTreatmentsMessage, schedulingMessages } from '@klinik/core/messages';
import type { PublicCourse, PublicCourseDate, PublicTherapist, PublicTreatment } from '@klinik/core';
import { texts } from '../texts';
import { EMPTY_CLIENT, informationProblems, type NewClientFields } from './validate';
import './wizard.css';

type Kind = 'treatment' | 'course';
type ClientKind = 'new' | 'existing';
const DAY = 24 * 3600_000;

const dayTitle = new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' });

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="kb-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <span className="kb-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function BookingWizard({ client, therapistId }: { client: ActionClient; therapistId: string | null }) {
  const [therapist, setTherapist] = useState<PublicTherapist | null | 'missing'>(null);
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<Kind>('treatment');
  const [clientKind, setClientKind] = useState<ClientKind>('new');
  const [fields, setFields] = useState<NewClientFields>(EMPTY_CLIENT);
  const [reason, setReason] = useState('');
  const [consent, setConsent] = useState(false);
  const [cpr, setCpr] = useState('');
  const [found, setFound] = useState<{ clientId: string; name: string } | null>(null);
  const [lookup, setLookup] = useState<'idle' | 'busy' | 'none'>('idle');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [treatments, setTreatments] = useState<PublicTreatment[] | null>(null);
  const [treatment, setTreatment] = useState<PublicTreatment | null>(null);
  const [courses, setCourses] = useState<PublicCourse[] | null>(null);
  const [course, setCourse] = useState<PublicCourse | null>(null);
  const [dates, setDates] = useState<PublicCourseDate[] | null>(null);
  const [chosenDates, setChosenDates] = useState<string[]>([]);
  const [week, setWeek] = useState(() => startOfCopenhagenWeek(Date.now()));
  /**
   * Offered times with the week and treatment they were asked for. Only an answer for the week and treatment on
   * screen is shown (until it arrives: 'Indlæser…'), and a late answer for a week the client has left never
   * replaces a newer one: what is shown is a function of the current choice alone, never of response order.
   */
  const [loadedTimes, setLoadedTimes] = useState<{ key: string; data: number[] } | null>(null);
  const timesKey = treatment ? `${treatment.id}:${week}` : '';
  const currentTimesKey = useRef(timesKey);
  useLayoutEffect(() => {
    currentTimesKey.current = timesKey;
  }, [timesKey]);
  const times = loadedTimes?.key === timesKey ? loadedTimes.data : null;
  const [time, setTime] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!therapistId) return setTherapist('missing');
    client.call('clientGetTherapistInfo', { therapistId }).then(
      (answer) => setTherapist(answer.data),
      () => setTherapist('missing'),
    );
  }, [client, therapistId]);

  const loadTimes = useCallback(async () => {
    if (!therapistId || !treatment) return;
    const key = `${treatment.id}:${week}`;
    const settle = (data: number[]) => setLoadedTimes((current) => (currentTimesKey.current === key ? { key, data } : current));
    try {
      const answer = await client.call('clientGetAvailable', { therapistId, from: week, to: startOfCopenhagenWeek(week, 1), duration: treatment.duration * 1000, pause: treatment.pause * 1000 });
      settle(answer.data);
    } catch (reason) {
      settle([]);
      if (currentTimesKey.current === key) setError(reason instanceof Error ? reason.message : String(reason));
    }
  }, [client, therapistId, treatment, week]);

  useEffect(() => {
    if (step === 4 && kind === 'treatment') void loadTimes();
  }, [step, kind, loadTimes]);

  /** Another week: a time chosen in the week left is not kept (it is no longer on screen). */
  const changeWeek = (weeks: number) => {
    setWeek((value) => startOfCopenhagenWeek(value, weeks));
    setTime(null);
  };

  const byDay = useMemo(() => {
    const groups = new Map<string, number[]>();
    for (const start of times ?? []) groups.set(copenhagenDateKey(start), [...(groups.get(copenhagenDateKey(start)) ?? []), start]);
    return [...groups.entries()];
  }, [times]);

  if (therapist === null) return <div className="kb">{texts.loading}</div>;
  if (therapist === 'missing') return <div className="kb"><p className="kb-alert" role="alert">{texts.notFound}</p></div>;
  const style = { ['--kb-theme' as string]: therapist.colors[1] ?? '#35408e' };
  const header = (
    <>
      <h1>Online booking</h1>
      <p className="kb-clinic">
        {therapist.companyName} · {therapist.nameFirst} {therapist.nameLast}
      </p>
    </>
  );
  if (!therapist.bookingFormEnabled) {
    return (
      <div className="kb" style={style}>
        {header}
        <p className="kb-alert" role="alert">
          {bookingMessages.formDisabled}
        </p>
      </div>
    );
  }

  const resetClient = () => {
    setFields(EMPTY_CLIENT);
    setCpr('');
    setFound(null);
    setLookup('idle');
    setReason('');
    setConsent(false);
    setProblems({});
  };

  const restart = () => {
    resetClient();
    setStep(0);
    setTreatment(null);
    setCourse(null);
    setChosenDates([]);
    setTime(null);
    setError(null);
    setWaiting(false);
  };

  async function findClient() {
    const full = normalizeFullCpr(cpr);
    if (!full || !therapistId) return setProblems({ cpr: bookingMessages.fullCpr });
    setLookup('busy');
    setProblems({});
    try {
      const answer = await client.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId, CPR: full });
      setFound(answer.data[0] ?? null);
      setLookup(answer.data.length ? 'idle' : 'none');
    } catch (reason) {
      setLookup('idle');
      setProblems({ cpr: reason instanceof Error ? reason.message : String(reason) });
    }
  }

  async function toChoice() {
    const found_ = informationProblems({ kind, clientKind, fields, found: Boolean(found), reason, consent });
    setProblems(found_);
    if (Object.keys(found_).length || !therapistId) return;
    setError(null);
    setStep(3);
    if (kind === 'treatment') {
      setTreatments(null);
      const answer = await client.call('clientGetTreatmentsFromTherapist', { therapistId, ...(found ? { clientId: found.clientId } : {}) }).catch(() => ({ data: [] }));
      setTreatments(answer.data);
    } else {
      setCourses(null);
      const answer = await client.call('clientGetEventsFromTherapist', { therapistId }).catch(() => ({ data: [] }));
      setCourses(answer.data);
    }
  }

  async function chooseCourse(chosen: PublicCourse) {
    setCourse(chosen);
    setChosenDates([]);
    setDates(null);
    setStep(4);
    const answer = await client.call('clientGetEventDatesFromTherapist', { eventId: chosen.id }).catch(() => ({ data: [] }));
    setDates(answer.data);
  }

  const identity = found ? { clientId: found.clientId } : { client: fields };
  const anyFull = (dates ?? []).some((date) => chosenDates.includes(date.id) && date.full);

  async function book() {
    if (!therapistId) return;
    setBusy(true);
    setError(null);
    try {
      if (kind === 'treatment') {
        if (!treatment || time === null) return setError(bookingMessages.missingInformation);
        await client.call('clientAddBooking', { therapistId, treatmentId: treatment.id, from: time, reason, consent: true, ...identity });
        setWaiting(false);
      } else {
        if (chosenDates.length === 0) return setError(bookingMessages.courseDateRequired);
        const answer = await client.call('clientAddEventDateClients', { therapistId, eventDateIds: chosenDates, consent: true, ...identity });
        setWaiting(answer.data.some((row) => row.isWaiting));
      }
      setStep(5);
    } catch (reason) {
      const message = reason instanceof ActionError ? reason.message : '';
      // Spec 1 §8: these two are shown as they are; anything else asks for the missing information at step 4.
      if (message === bookingMessages.sameDay || message === schedulingMessages.clientExists) {
        setError(message);
      } else {
        setError(bookingMessages.missingInformation);
        setTime(null);
        setStep(4);
        if (kind === 'treatment') void loadTimes();
      }
    } finally {
      setBusy(false);
    }
  }

  /** 'Tilbage' to step `to`; `before` runs first (leaving step 2 resets the client data, spec 1 §4). */
  const backButton = (to: number, before?: () => void) => (
    <button type="button" className="kb-button" data-kind="secondary" onClick={() => (before?.(), setStep(to))}>
      {texts.back}
    </button>
  );
  const setField = (name: keyof NewClientFields, value: string) => setFields((current) => ({ ...current, [name]: value }));
  const input = (name: keyof NewClientFields, label: string, props: Record<string, unknown> = {}, normalize = (value: string) => value) => (
    <Field id={`kb-${name}`} label={label} error={problems[name]}>
      <input
        id={`kb-${name}`}
        value={fields[name]}
        aria-invalid={Boolean(problems[name])}
        aria-describedby={problems[name] ? `kb-${name}-error` : undefined}
        onChange={(event) => setField(name, normalize(event.target.value))}
        {...props}
      />
    </Field>
  );

  return (
    <div className="kb" style={style}>
      {header}
      <ol className="kb-steps" aria-label={`Trin ${step + 1} af 6: ${texts.steps[step]}`}>
        {texts.steps.map((label, index) => (
          <li key={label} data-done={index <= step} aria-current={index === step ? 'step' : undefined} />
        ))}
      </ol>
      {error && (
        <p className="kb-alert" role="alert">
          {error}
        </p>
      )}

      {step === 0 && (
        <section>
          <h2>{texts.chooseType}</h2>
          <div className="kb-choices">
            {(['treatment', 'course'] as const).map((value) => (
              <button key={value} type="button" className="kb-choice" onClick={() => (setKind(value), setStep(1))}>
                <strong>{value === 'treatment' ? texts.treatment : texts.course}</strong>
              </button>
            ))}
          </div>
        </section>
      )}

      {step === 1 && (
        <section>
          <h2>{texts.clientKind}</h2>
          <div className="kb-choices">
            {(['new', 'existing'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className="kb-choice"
                disabled={value === 'new' && kind === 'treatment' && !therapist.isAvailable}
                onClick={() => (setClientKind(value), setStep(2))}
              >
                <strong>{value === 'new' ? texts.newClient : texts.existingClient}</strong>
                {value === 'new' && kind === 'treatment' && !therapist.isAvailable && <small>{schedulingMessages.onlyExistingClients}</small>}
              </button>
            ))}
          </div>
          <div className="kb-actions">
            {backButton(0)}
          </div>
        </section>
      )}

      {step === 2 && (
        <section>
          <h2>{clientKind === 'new' ? texts.newClient : texts.existingClient}</h2>
          {clientKind === 'existing' ? (
            <>
              <Field id="kb-cpr" label={texts.cpr} error={problems.cpr ?? problems.client}>
                <input id="kb-cpr" inputMode="numeric" autoComplete="off" value={cpr} onChange={(event) => (setCpr(event.target.value), setFound(null), setLookup('idle'))} />
              </Field>
              <p className="kb-description">{texts.cprHint}</p>
              <button type="button" className="kb-button" disabled={!normalizeFullCpr(cpr) || lookup === 'busy'} onClick={findClient}>
                {texts.search}
              </button>
              {found && <p className="kb-info">{texts.isThisYou(found.name)}</p>}
              {lookup === 'none' && <p className="kb-alert">{texts.notFoundClient}</p>}
            </>
          ) : (
            <>
              <div className="kb-pair">
                {input('nameFirst', texts.nameFirst, { autoComplete: 'given-name' })}
                {input('nameLast', texts.nameLast, { autoComplete: 'family-name' })}
              </div>
              <div className="kb-pair">
                {/* Digits only (spec 1 §5), cut after six: a pasted '12-03-88' keeps all its digits. */}
                {input('CPR6Digit', texts.birthDate, { inputMode: 'numeric', autoComplete: 'off' }, (value) => value.replace(/\D/g, '').slice(0, 6))}
                {input('CPRLast4Digit', texts.cprLast4, { inputMode: 'numeric', autoComplete: 'off' }, (value) => value.replace(/\s/g, '').slice(0, 4))}
              </div>
              {input('email', texts.email, { type: 'email', autoComplete: 'email' })}
              {input('phonePrivate', texts.phone, { type: 'tel', autoComplete: 'tel' })}
            </>
          )}
          {kind === 'treatment' && (
            <Field id="kb-reason" label={texts.reason} error={problems.reason}>
              <textarea id="kb-reason" rows={3} value={reason} aria-invalid={Boolean(problems.reason)} onChange={(event) => setReason(event.target.value)} />
            </Field>
          )}
          <label className="kb-check">
            <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} aria-invalid={Boolean(problems.consent)} />
            <span>{texts.consent}</span>
          </label>
          {problems.consent && (
            <p className="kb-error" role="alert">
              {problems.consent}
            </p>
          )}
          <div className="kb-actions">
            {backButton(1, resetClient)}
            <button type="button" className="kb-button" onClick={() => void toChoice()}>
              {texts.next}
            </button>
          </div>
        </section>
      )}

      {step === 3 && kind === 'treatment' && (
        <section>
          <h2>{texts.chooseTreatment}</h2>
          {treatments === null && <p>{texts.loading}</p>}
          {treatments?.length === 0 && (
            <p className="kb-info" role="status">
              {noTreatmentsMessage(therapist.companyEmail, therapist.companyPhone)}
            </p>
          )}
          <div className="kb-choices" role="radiogroup" aria-label={texts.chooseTreatment}>
            {treatments?.map((option) => (
              <button key={option.id} type="button" role="radio" aria-checked={treatment?.id === option.id} className="kb-choice" onClick={() => (setTreatment(option), setTime(null), setStep(4))}>
                <strong>{option.name}</strong>
                <small>
                  {texts.minutes(option.duration / 60)} · {formatKroner(Math.round(option.price * 100))}
                </small>
              </button>
            ))}
          </div>
          <div className="kb-actions">
            {backButton(2)}
          </div>
        </section>
      )}

      {step === 3 && kind === 'course' && (
        <section>
          <h2>{texts.chooseCourse}</h2>
          {courses === null && <p>{texts.loading}</p>}
          {courses?.length === 0 && <p className="kb-info">{texts.noCourses}</p>}
          <div className="kb-choices" role="radiogroup" aria-label={texts.chooseCourse}>
            {courses?.map((option) => (
              <button key={option.id} type="button" role="radio" aria-checked={course?.id === option.id} className="kb-choice" onClick={() => void chooseCourse(option)}>
                <strong>{option.title}</strong>
                {/* The description is HTML sanitised on the server (course descriptions are written by the clinic). */}
                <small className="kb-description" dangerouslySetInnerHTML={{ __html: option.description }} />
              </button>
            ))}
          </div>
          <div className="kb-actions">
            {backButton(2)}
          </div>
        </section>
      )}

      {step === 4 && kind === 'treatment' && treatment && (
        <section>
          <h2>{texts.chooseTime}</h2>
          <div className="kb-week">
            <button type="button" className="kb-button" data-kind="secondary" aria-label={texts.previousWeek} disabled={week <= startOfCopenhagenWeek(Date.now())} onClick={() => changeWeek(-1)}>
              ‹
            </button>
            <strong>
              {formatDanishDate(week)} – {formatDanishDate(week + 6 * DAY)}
            </strong>
            <button type="button" className="kb-button" data-kind="secondary" aria-label={texts.nextWeek} onClick={() => changeWeek(1)}>
              ›
            </button>
          </div>
          {times === null && <p>{texts.loading}</p>}
          {times?.length === 0 && <p className="kb-info">{texts.noTimes}</p>}
          {byDay.map(([key, starts]) => (
            <div className="kb-day" key={key}>
              <h3>{dayTitle.format(starts[0]!)}</h3>
              <div className="kb-times" role="group" aria-label={dayTitle.format(starts[0]!)}>
                {starts.map((start) => (
                  <button key={start} type="button" className="kb-time" aria-pressed={time === start} onClick={() => setTime(start)}>
                    {formatCopenhagenTime(start)}
                  </button>
                ))}
              </div>
            </div>
          ))}
          {time !== null && <p className="kb-info">{texts.chosen(`${dayTitle.format(time)} kl. ${formatCopenhagenTime(time)}`)}</p>}
          <div className="kb-actions">
            {backButton(3)}
            <button type="button" className="kb-button" disabled={time === null || busy} onClick={() => void book()}>
              {busy ? texts.sending : texts.book}
            </button>
          </div>
        </section>
      )}

      {step === 4 && kind === 'course' && course && (
        <section>
          <h2>{texts.chooseDates}</h2>
          {dates === null && <p>{texts.loading}</p>}
          {dates?.map((date) => (
            <label className="kb-check" key={date.id}>
              <input
                type="checkbox"
                checked={chosenDates.includes(date.id)}
                onChange={(event) => setChosenDates((current) => (event.target.checked ? [...current, date.id] : current.filter((id) => id !== date.id)))}
              />
              <span>
                <strong>
                  {dayTitle.format(date.from)} {formatCopenhagenTime(date.from)}–{formatCopenhagenTime(date.to)}
                </strong>
                <br />
                <small>
                  {date.full ? texts.full : texts.seatsLeft(date.limit - date.clients)} · {texts.signUpBy(formatDanishDate(date.deadline))}
                </small>
              </span>
            </label>
          ))}
          <div className="kb-actions">
            {backButton(3)}
            <button type="button" className="kb-button" disabled={chosenDates.length === 0 || busy} onClick={() => void book()}>
              {busy ? texts.sending : anyFull ? texts.waitingList : texts.book}
            </button>
          </div>
        </section>
      )}

      {step === 5 && (
        <section>
          <p className="kb-success" role="status">
            {bookingMessages.done}
          </p>
          {waiting && <p className="kb-info">{texts.waitingDone}</p>}
          <button type="button" className="kb-button" onClick={restart}>
            {texts.newBooking}
          </button>
        </section>
      )}
    </div>
  );
}
