/**
 * Owner handover (spec 3 §4 Owner handover, §5 Password prompt, §6): the owner's own password (checked by the
 * server, 'Adgangskode er påkrævet' when empty), then the new administrator ('Vælg venligst en administrator.'),
 * then 'Er du sikker?'. Once the server has moved the role the old owner's sessions are over: the page logs out and
 * goes to '/'. Loaded when first opened.
 */
import { useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Select, Spinner, Text } from '@fluentui/react-components';
import { messages } from '@klinik/core/rules';
import { therapistMessages } from '@klinik/core/therapists';
import { FormDialog, LoadError, useMutation, useQuery } from '@klinik/ui';
import { therapistKeys, type TherapistApi } from './api';
import { fullName } from './rules';
import { texts } from './texts';

const T = texts.handover;

type Step = 'password' | 'choose' | 'confirm';

/** Spec 3 §8, password prompt failure: the server's message, or 'An error occurred. Please try again.' */
function withMessage(reason: unknown): never {
  throw reason instanceof Error && reason.message ? reason : new Error(T.failed);
}

export default function HandoverDialog({ api, onHandedOver, onClose }: { api: TherapistApi; onHandedOver: (message: string) => void; onClose: () => void }) {
  const [step, setStep] = useState<Step>('password');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const [chooseError, setChooseError] = useState<string | null>(null);
  const candidates = useQuery(step === 'password' ? null : therapistKeys.candidates, () => api.candidates());
  const check = useMutation((value: string) => api.checkPassword(value).catch(withMessage), {
    successText: false,
    onSuccess: () => setStep('choose'),
    onError: (message, fieldErrors) => setPasswordError(fieldErrors.password ?? message),
  });
  const handOver = useMutation(({ therapistId, secret }: { therapistId: string; secret: string }) => api.handOver(therapistId, secret).catch(withMessage), {
    successText: false,
    onSuccess: (answer) => onHandedOver(answer.message),
    onError: (message, fieldErrors) => {
      // A wrong password (changed meanwhile) goes back to its step; a refused choice back to the list.
      if (fieldErrors.password) {
        setPasswordError(fieldErrors.password);
        setStep('password');
      } else if (fieldErrors.therapistId) {
        setChooseError(fieldErrors.therapistId);
        setStep('choose');
      }
    },
  });
  const pending = check.pending || handOver.pending;
  const candidate = candidates.data?.find((therapist) => therapist.id === chosen) ?? null;

  function next() {
    if (step === 'password') {
      if (!password) return setPasswordError(messages.passwordRequired);
      setPasswordError(null);
      void check.run(password);
    } else if (step === 'choose') {
      if (!candidate) return setChooseError(therapistMessages.chooseAdministrator);
      setChooseError(null);
      handOver.reset();
      setStep('confirm');
    } else if (candidate) {
      void handOver.run({ therapistId: candidate.id, secret: password });
    }
  }

  const refusal = passwordError || chooseError ? null : (check.error ?? handOver.error);

  return (
    <FormDialog
      title={step === 'confirm' ? T.confirmTitle : T.title}
      modalType="alert"
      onClose={onClose}
      onSubmit={next}
      busy={pending}
      error={refusal}
      submitLabel={step === 'confirm' ? T.confirm : T.next}
      cancelLabel={T.cancel}
      submitDisabled={step === 'choose' && !candidates.data?.length}
      actions={
        step !== 'password' && (
          <Button appearance="secondary" disabled={pending} onClick={() => setStep(step === 'confirm' ? 'choose' : 'password')}>
            {T.back}
          </Button>
        )
      }
    >
      {step === 'password' && (
        <>
          <Text>{T.passwordIntro}</Text>
          <Field label={T.password} required validationMessage={passwordError ?? undefined} validationState={passwordError ? 'error' : 'none'}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(_, data) => {
                setPassword(data.value);
                setPasswordError(null);
              }}
            />
          </Field>
        </>
      )}
      {step === 'choose' && (
        <>
          <Text>{T.chooseIntro}</Text>
          {candidates.error !== null && <LoadError title={T.candidatesFailed} detail={candidates.error} onRetry={() => void candidates.refresh()} retryLabel={texts.page.retry} />}
          {candidates.loading && <Spinner size="tiny" />}
          {candidates.data?.length === 0 && <MessageBar intent="info"><MessageBarBody>{T.noneAvailable}</MessageBarBody></MessageBar>}
          {candidates.data && candidates.data.length > 0 && (
            <Field label={T.newOwner} required validationMessage={chooseError ?? undefined} validationState={chooseError ? 'error' : 'none'}>
              <Select
                value={chosen}
                onChange={(_, data) => {
                  setChosen(data.value);
                  setChooseError(null);
                }}
              >
                <option value="">{T.choosePlaceholder}</option>
                {candidates.data.map((therapist) => (
                  <option key={therapist.id} value={therapist.id}>
                    {`${fullName(therapist)} (${therapist.email})`}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </>
      )}
      {step === 'confirm' && candidate && <Text>{T.confirmBody(fullName(candidate))}</Text>}
    </FormDialog>
  );
}
