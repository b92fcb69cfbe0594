/**
 * The status dialog (spec 3 §4): active, deactivate or stop-subscription, opening on core's default for the row.
 * A choice that would change nothing is refused here with the spec's message (rules.ts statusStep); otherwise the
 * page takes the next step: the payment dialog (or, for a therapist who never had a plan, the plan choice), or the
 * confirmation that cancels. Loaded when first opened.
 */
import { useState } from 'react';
import { Radio, RadioGroup } from '@fluentui/react-components';
import { FormDialog } from '@klinik/ui';
import type { StatusChoice } from '@klinik/core/therapists';
import type { TherapistRow } from './api';
import { fullName, initialStatusChoice, statusStep, type StatusStep } from './rules';
import { texts } from './texts';

const T = texts.status;

export default function StatusDialog({ therapist, onStep, onClose }: { therapist: TherapistRow; onStep: (step: Exclude<StatusStep, { kind: 'refused' }>) => void; onClose: () => void }) {
  const [choice, setChoice] = useState<StatusChoice>(() => initialStatusChoice(therapist));
  const [refusal, setRefusal] = useState<string | null>(null);

  function next() {
    const step = statusStep(choice, therapist);
    if (step.kind === 'refused') setRefusal(step.message);
    else onStep(step);
  }

  return (
    <FormDialog title={T.title(fullName(therapist))} submitLabel={T.next} cancelLabel={T.cancel} onSubmit={next} error={refusal} errorIntent="warning" onClose={onClose}>
      <RadioGroup
        aria-label={T.legend}
        value={choice}
        onChange={(_, data) => {
          setChoice(data.value as StatusChoice);
          setRefusal(null);
        }}
      >
        <Radio value="active" label={{ children: <><strong>{T.active}</strong>{` – ${T.activeHint}`}</> }} />
        <Radio value="deactivate" label={{ children: <><strong>{T.deactivate}</strong>{` – ${T.deactivateHint}`}</> }} />
        <Radio value="stopSubscription" label={{ children: <><strong>{T.stopSubscription}</strong>{` – ${T.stopSubscriptionHint}`}</> }} />
      </RadioGroup>
    </FormDialog>
  );
}
