/**
 * The course dialog's buttons: moving between steps on the left ('Tilbage', 'Næste' when editing); closing and
 * saving on the right. Spec: the last step shows 'Opret' for a new course and is disabled when editing, where
 * 'Gem' saves from any step. FormDialog places the two groups.
 */
import { Button } from '@fluentui/react-components';
import { LAST_STEP, type Step } from './courseForm';
import { texts } from './texts';

const T = texts.dialog;

interface ActionProps {
  isNew: boolean;
  step: Step;
  busy: boolean;
  onBack: () => void;
  onNext: () => void;
  onClose: () => void;
  /** 'Opret' for a new course, 'Gem' for an existing one. */
  onSubmit: () => void;
}

/** The step buttons on the left, or null when there are none (the first step of a new course). */
export function courseStepButtons({ isNew, step, busy, onBack, onNext }: ActionProps) {
  if (step === 0 && isNew) return null;
  return (
    <>
      {step > 0 && (
        <Button onClick={onBack} disabled={busy}>
          {T.back}
        </Button>
      )}
      {!isNew && step < LAST_STEP && (
        <Button onClick={onNext} disabled={busy}>
          {T.next}
        </Button>
      )}
    </>
  );
}

export function CourseDialogButtons({ isNew, step, busy, onNext, onClose, onSubmit }: ActionProps) {
  return (
    <>
      <Button onClick={onClose} disabled={busy}>
        {isNew ? T.cancel : T.close}
      </Button>
      {isNew && step < LAST_STEP && (
        <Button appearance="primary" onClick={onNext} disabled={busy}>
          {T.next}
        </Button>
      )}
      {step === LAST_STEP && (
        <Button appearance={isNew ? 'primary' : 'secondary'} onClick={onSubmit} disabled={busy || !isNew}>
          {T.create}
        </Button>
      )}
      {!isNew && (
        <Button appearance="primary" onClick={onSubmit} disabled={busy}>
          {T.save}
        </Button>
      )}
    </>
  );
}
