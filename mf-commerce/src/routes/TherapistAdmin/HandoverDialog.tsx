/**
 * Owner handover (spec 3 §4 Owner handover, §5 Password prompt, §6): the owner's own password (checked by the
 * server, 'Adgangskode er påkrævet' when empty), then the new administrator ('Vælg venligst en administrator.'),
 * then 'Er du sikker?'. Once the server has moved the role the old owner's sessions are over: the page logs out and
 * goes to '/'. Loaded when first opened.
 */
import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  makeStyles,
} from '@fluentui/react-components';
import { messages } from '@klinik/core/rules';
import { therapistMessages } from '@klinik/core/therapists';
import { LoadError, useMutation, useQuery } from '@klinik/ui';
import { therapistKeys, type TherapistApi } from './api';
import { fullName } from './rules';
import { texts } from './texts';

const T = texts.handover;

const useStyles = makeStyles({
  content: { display: 'grid', gap: '12px' },
});

type Step = 'password' | 'choose' | 'confirm';

/** Spec 3 §8, password prompt failure: the server's message, or 'An error occurred. Please try again.' */
function withMessage(reason: unknown): never {
  throw reason instanceof Error && reason.message ? reason : new Error(T.failed);
}

export default function HandoverDialog({ api, onHandedOver, onClose }: { api: TherapistApi; onHandedOver: (message: string) => void; onClose: () => void }) {
  const styles = useStyles();
  const formId = useId();
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

  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && !pending && onClose()}>
      <DialogSurface>
        <form
          noValidate
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <DialogBody>
            <DialogTitle>{step === 'confirm' ? T.confirmTitle : T.title}</DialogTitle>
            <DialogContent className={styles.content}>
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
              {(check.error ?? handOver.error) && !passwordError && !chooseError && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{check.error ?? handOver.error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              {step !== 'password' && (
                <Button appearance="secondary" disabled={pending} onClick={() => setStep(step === 'confirm' ? 'choose' : 'password')}>
                  {T.back}
                </Button>
              )}
              <Button appearance="secondary" disabled={pending} onClick={onClose}>
                {T.cancel}
              </Button>
              <Button type="submit" appearance="primary" disabled={pending || (step === 'choose' && !candidates.data?.length)} icon={pending ? <Spinner size="tiny" /> : undefined}>
                {step === 'confirm' ? T.confirm : T.next}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
