/**
 * Step 2: who the client is. A new client types the identity fields (digits only where the spec says so); an
 * existing one is found by the full CPR number, which answers only a masked name (see the module README). Then
 * the reason (treatments) and the consent; 'Næste' checks everything with the spec's messages first.
 */
import { useState, type Dispatch } from 'react';
import type { ActionClient } from '@klinik/core/client';
import { normalizeFullCpr } from '@klinik/core/rules';
import { bookingMessages } from '@klinik/core/messages';
import { useMutation } from '@klinik/ui';
import { texts } from '../../texts';
import { Field } from '../Field';
import type { WizardAction, WizardState } from '../state';
import { informationProblems, type NewClientFields } from '../validate';
import { Back } from './Back';

export function DetailsStep({ client, therapistId, state, dispatch }: { client: ActionClient; therapistId: string; state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const lookup = useMutation((CPR: string) => client.call('getClientsFromTherapistCompanyOnlineBooking', { therapistId, CPR }), {
    onSuccess: (answer) => dispatch({ type: 'lookedUp', found: answer.data[0] ?? null }),
  });
  const { kind, clientKind, fields, cpr, found } = state;

  function findClient() {
    const full = normalizeFullCpr(cpr);
    if (!full) return setProblems({ cpr: bookingMessages.fullCpr });
    setProblems({});
    void lookup.run(full);
  }

  function next() {
    const missing = informationProblems({ kind, clientKind, fields, found: Boolean(found), reason: state.reason, consent: state.consent });
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
      {clientKind === 'existing' ? (
        <>
          <Field id="kb-cpr" label={texts.cpr} error={problems.cpr ?? lookup.error ?? problems.client}>
            <input
              id="kb-cpr"
              inputMode="numeric"
              autoComplete="off"
              value={cpr}
              onChange={(event) => {
                dispatch({ type: 'setCpr', cpr: event.target.value });
                lookup.reset();
              }}
            />
          </Field>
          <p className="kb-description">{texts.cprHint}</p>
          <button type="button" className="kb-button" disabled={!normalizeFullCpr(cpr) || lookup.pending} onClick={findClient}>
            {texts.search}
          </button>
          {found && <p className="kb-info">{texts.isThisYou(found.name)}</p>}
          {state.notFound && <p className="kb-alert">{texts.notFoundClient}</p>}
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
