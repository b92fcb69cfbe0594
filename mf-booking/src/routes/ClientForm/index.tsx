/**
 * `/ClientForm?therapistID=…&ids=a,b[&ref=…]` (spec 2 §5): the public intake form a client opens from
 * the clinic's link. Without `ref`: the personal details, then the chosen questions ('næste' → 'indsende', or
 * 'indsende' at once when there are none). With `ref` (the link mailed to a known client): only the questions.
 * Plain elements and the wizard's CSS, like the rest of mf-booking (no UI kit, no zod), phone first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import type { ActionClient } from '@klinik/core/client';
import type { ClientFormField, PublicClientForm } from '@klinik/core';
import { useMutation, useQuery } from '@klinik/ui';
import { Field } from '../../wizard/Field';
import { LoadFailed } from '../../wizard/Loaded';
import { formTexts as T } from './texts';
import {
  EMPTY_PERSONAL,
  PERSONAL_FIELDS,
  answerProblem,
  answerProblems,
  personalProblem,
  personalProblems,
  splitServerErrors,
  type PersonalField,
  type PersonalFields,
} from './validate';
import '../../wizard/wizard.css';
import './ClientForm.css';

type Step = 'personal' | 'questions';

export default function ClientFormPage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  const therapistID = (params.get('therapistID') ?? '').trim();
  const idsParam = params.get('ids') ?? '';
  const ref = params.get('ref') || undefined;
  const ids = useMemo(
    () => [...new Set(idsParam.split(',').map((id) => id.trim()).filter(Boolean))],
    [idsParam],
  );
  const input = { therapistID, ids, ...(ref ? { ref } : {}) };
  const form = useQuery(therapistID ? ['getPublicClientForm', input] : null, () => shell.client.call('getPublicClientForm', input));

  if (therapistID && form.data === undefined && form.error === null) {
    return (
      <div className="kb" aria-busy="true">
        <p role="status">{T.loading}</p>
      </div>
    );
  }
  if (!therapistID || form.data === undefined) {
    return (
      <div className="kb">
        <h1>{T.title}</h1>
        {therapistID && form.error !== null ? (
          <LoadFailed message={form.error} onRetry={() => void form.refresh()} />
        ) : (
          <p className="kb-alert" role="alert">
            {T.linkInvalid}
          </p>
        )}
      </div>
    );
  }
  return <IntakeForm client={shell.client} therapistID={therapistID} reference={ref} form={form.data.data} />;
}

const PERSONAL_INPUTS: Record<PersonalField, { label: string; autoComplete: string; type?: string; inputMode?: 'numeric' | 'tel' | 'email'; digits?: number }> = {
  nameFirst: { label: T.nameFirst, autoComplete: 'given-name' },
  nameLast: { label: T.nameLast, autoComplete: 'family-name' },
  CPR6Digit: { label: T.CPR6Digit, autoComplete: 'off', inputMode: 'numeric', digits: 6 },
  CPRLast4Digit: { label: T.CPRLast4Digit, autoComplete: 'off', inputMode: 'numeric', digits: 4 },
  address: { label: T.address, autoComplete: 'street-address' },
  post: { label: T.post, autoComplete: 'postal-code', inputMode: 'numeric', digits: 8 },
  town: { label: T.town, autoComplete: 'address-level2' },
  email: { label: T.email, autoComplete: 'email', type: 'email', inputMode: 'email' },
  phonePrivate: { label: T.phonePrivate, autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
};

function IntakeForm({ client, therapistID, reference, form }: { client: ActionClient; therapistID: string; reference?: string; form: PublicClientForm }) {
  const withPersonal = !reference;
  const { questions } = form;
  const steps: Step[] = withPersonal ? (questions.length > 0 ? ['personal', 'questions'] : ['personal']) : ['questions'];
  const [step, setStep] = useState<Step>(steps[0]!);
  const [fields, setFields] = useState<PersonalFields>(EMPTY_PERSONAL);
  const [touched, setTouched] = useState<ReadonlySet<PersonalField>>(() => new Set());
  const [problems, setProblems] = useState<Partial<Record<PersonalField, string>>>({});
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A new step (or the final answer) takes the focus, so a screen reader and a phone start at its top.
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [step, done]);

  const go = (next: Step) => {
    moved.current = true;
    setError(null);
    setStep(next);
  };

  const send = useMutation(
    (sent: { questionId: string; value: string }[]) =>
      client.call('clientSubmitClientForm', { therapistID, ...(reference ? { ref: reference } : {}), ...(withPersonal ? { client: fields } : {}), answers: sent }),
    {
      onSuccess: (answer) => {
        moved.current = true;
        setDone(answer.message);
      },
      // The server's field messages go beside their fields (and back to the details step when one is there).
      onError: (message, fieldErrors) => {
        if (Object.keys(fieldErrors).length === 0) return setError(message);
        const split = splitServerErrors(fieldErrors, questions.map((question) => question.id));
        setProblems(split.personal);
        setAnswerErrors(split.answers);
        if (withPersonal && Object.keys(split.personal).length > 0) go('personal');
        setError(split.other.length > 0 ? split.other.join(' ') : null);
      },
    },
  );
  const busy = send.pending;

  function changeField(field: PersonalField, value: string) {
    const next = { ...fields, [field]: value };
    setFields(next);
    if (touched.has(field) || problems[field]) setProblems((current) => ({ ...current, [field]: personalProblem(field, next, Date.now()) }));
  }
  function blurField(field: PersonalField) {
    if (!fields[field] && !touched.has(field)) return;
    setTouched((current) => new Set(current).add(field));
    setProblems((current) => ({ ...current, [field]: personalProblem(field, fields, Date.now()) }));
  }
  function changeAnswer(question: ClientFormField, value: string) {
    setAnswers((current) => ({ ...current, [question.id]: value }));
    if (answerErrors[question.id]) setAnswerErrors((current) => ({ ...current, [question.id]: answerProblem(question, value) ?? '' }));
  }

  function submit() {
    setError(null);
    void send.run(
      questions.map((question) => ({
        questionId: question.id,
        value: question.fieldType === 'checkbox' ? (answers[question.id] === 'true' ? 'true' : 'false') : (answers[question.id] ?? '').trim(),
      })),
    );
  }

  function personalNext() {
    const found = personalProblems(fields, Date.now());
    setTouched(new Set(PERSONAL_FIELDS));
    setProblems(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`kf-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    if (steps.includes('questions')) go('questions');
    else submit();
  }

  function questionsSubmit() {
    const found = answerProblems(questions, answers);
    setAnswerErrors(found);
    const first = questions.find((question) => found[question.id]);
    if (first) {
      document.getElementById(`kf-q-${first.id}`)?.focus();
      return;
    }
    submit();
  }

  const header = (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {T.title}
      </h1>
      <p className="kb-clinic">
        {form.clinicName}
        {form.therapistName && ` · ${form.therapistName}`}
      </p>
    </>
  );

  if (done !== null) {
    return (
      <div className="kb">
        {header}
        <p className="kb-success" role="status">
          {done}
        </p>
      </div>
    );
  }

  const stepIndex = steps.indexOf(step);
  const stepName = step === 'personal' ? T.personalStep : T.questionsStep;
  const alert = error && (
    <p className="kb-alert" role="alert">
      {error}
    </p>
  );

  const personalInput = (name: PersonalField) => {
    const spec = PERSONAL_INPUTS[name];
    const id = `kf-${name}`;
    return (
      <Field key={name} id={id} label={spec.label} required error={problems[name]}>
        <input
          id={id}
          name={name}
          type={spec.type ?? 'text'}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete}
          maxLength={spec.digits}
          required
          aria-invalid={Boolean(problems[name])}
          aria-describedby={problems[name] ? `${id}-error` : undefined}
          value={fields[name]}
          disabled={busy}
          onChange={(event) => changeField(name, spec.digits ? event.target.value.replace(/\D/g, '').slice(0, spec.digits) : event.target.value)}
          onBlur={() => blurField(name)}
        />
      </Field>
    );
  };

  const questionInput = (question: ClientFormField) => {
    const id = `kf-q-${question.id}`;
    const problem = answerErrors[question.id] || undefined;
    if (question.fieldType === 'checkbox') {
      return (
        <div key={question.id}>
          <label className="kb-check">
            <input
              id={id}
              type="checkbox"
              checked={answers[question.id] === 'true'}
              disabled={busy}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(event) => changeAnswer(question, event.target.checked ? 'true' : 'false')}
            />
            <span>
              {question.fieldName}
              {question.isRequired && <span className="kf-required" aria-hidden="true"> *</span>}
            </span>
          </label>
          {problem && (
            <p className="kb-error" id={`${id}-error`} role="alert">
              {problem}
            </p>
          )}
        </div>
      );
    }
    const number = question.fieldType === 'number';
    return (
      <Field key={question.id} id={id} label={question.fieldName} required={question.isRequired} error={problem}>
        <input
          id={id}
          type="text"
          inputMode={number ? 'numeric' : undefined}
          pattern={number ? '[0-9]*' : undefined}
          maxLength={number ? 18 : 5000}
          required={question.isRequired}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? `${id}-error` : undefined}
          value={answers[question.id] ?? ''}
          disabled={busy}
          onChange={(event) => changeAnswer(question, number ? event.target.value.replace(/\D/g, '') : event.target.value)}
        />
      </Field>
    );
  };

  return (
    <div className="kb">
      {header}
      {steps.length > 1 && (
        <ol className="kb-steps" aria-label={T.stepOf(stepIndex + 1, steps.length, stepName)}>
          {steps.map((name, index) => (
            <li key={name} data-done={index <= stepIndex} aria-current={index === stepIndex ? 'step' : undefined} />
          ))}
        </ol>
      )}
      {!withPersonal && form.clientName && <h2>{T.greeting(form.clientName)}</h2>}
      {step === 'personal' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            personalNext();
          }}
        >
          <h2>{T.personalStep}</h2>
          <p>{T.personalIntro}</p>
          {alert}
          {personalInput('nameFirst')}
          {personalInput('nameLast')}
          <div className="kb-pair kf-pair">
            {personalInput('CPR6Digit')}
            {personalInput('CPRLast4Digit')}
          </div>
          {personalInput('address')}
          <div className="kb-pair kf-pair">
            {personalInput('post')}
            {personalInput('town')}
          </div>
          {personalInput('email')}
          {personalInput('phonePrivate')}
          <div className="kb-actions">
            <span />
            <button type="submit" className="kb-button" disabled={busy}>
              {busy ? T.sending : steps.includes('questions') ? T.next : T.submit}
            </button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            questionsSubmit();
          }}
        >
          {withPersonal && <h2>{T.questionsStep}</h2>}
          <p>{questions.length > 0 ? T.questionsIntro : T.noQuestions}</p>
          {alert}
          {questions.map(questionInput)}
          <div className="kb-actions">
            {withPersonal ? (
              <button type="button" className="kb-button" data-kind="secondary" disabled={busy} onClick={() => go('personal')}>
                {T.back}
              </button>
            ) : (
              <span />
            )}
            <button type="submit" className="kb-button" disabled={busy}>
              {busy ? T.sending : T.submit}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
