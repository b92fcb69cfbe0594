/**
 * Step 2: who the client is. New and existing clients type the same identity fields (digits only where the spec says
 * so); an existing client is told to type them as the clinic has them. The page never looks anyone up and never says
 * whether someone is a client: the server books the client on record only when name and e-mail match it, and holds
 * the booking for the therapist otherwise, with the same answer (the module README). Then the reason
 * (treatments) and the consent; 'Næste' checks everything with the spec's messages first.
 */
import { useState, type Dispatch } from 'react';
import { publicMessages } from '@klinik/core/messages';
import { texts } from '../../texts';
import { Field } from '../Field';
import type { WizardAction, WizardState } from '../state';
import { informationProblems, type NewClientFields } from '../validate';
import { Back } from './Back';

export function DetailsStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { kind, clientKind, fields } = state;

  function next() {
    const missing = informationProblems({ kind, fields, reason: state.reason, consent: state.consent });
    setProblems(missing);
    if (Object.keys(missing).length === 0) dispatch({ type: 'toChoice' });
  }

  const input = (name: keyof NewClientFields, label: string, props: Record<string, unknown> = {}, normalize = (value: string) => value) => (
    <Field id={`kb-${name}`} label={label} error={problems[name]}>
      <input
        id={`kb-${name}`}
        value={fields[name]}
        aria-invalid={Boolean(problems[name])}
        aria-describedby={problems[name] ? `kb-${name}-error` : undefined}
        onChange={(event) => dispatch({ type: 'setField', name, value: normalize(event.target.value) })}
        {...props}
      />
    </Field>
  );

  return (
    <section>
      <h2>{clientKind === 'new' ? texts.newClient : texts.existingClient}</h2>
      {clientKind === 'existing' && <p className="kb-description">{publicMessages.existingClientHint}</p>}
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
      {kind === 'treatment' && (
        <Field id="kb-reason" label={texts.reason} error={problems.reason}>
          <textarea id="kb-reason" rows={3} value={state.reason} aria-invalid={Boolean(problems.reason)} onChange={(event) => dispatch({ type: 'setReason', reason: event.target.value })} />
        </Field>
      )}
      <label className="kb-check">
        <input type="checkbox" checked={state.consent} onChange={(event) => dispatch({ type: 'setConsent', consent: event.target.checked })} aria-invalid={Boolean(problems.consent)} />
        <span>{texts.consent}</span>
      </label>
      {problems.consent && (
        <p className="kb-error" role="alert">
          {problems.consent}
        </p>
      )}
      <div className="kb-actions">
        <Back onClick={() => dispatch({ type: 'leaveDetails' })} />
        <button type="button" className="kb-button" onClick={next}>
          {texts.next}
        </button>
      </div>
    </section>
  );
}
