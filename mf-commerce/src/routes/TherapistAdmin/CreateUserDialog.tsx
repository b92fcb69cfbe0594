/**
 * Create user (spec 3 §5 Create user, §8): a colleague with a password the owner chooses; the e-mail is the
 * username. Checked in the browser with the server's schema (core's createUserSchema), each field's error cleared
 * on editing. 'Brugeren er oprettet med succes.' on success; a taken username says 'Brugernavnet er taget', any
 * other failure 'Fejl: …'. Loaded when first opened.
 */
import { useState } from 'react';
import {
  Button,
  Caption1,
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
  Spinner,
  makeStyles,
} from '@fluentui/react-components';
import { createUserSchema, fieldErrorsFromIssues, messages } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import { useMutation } from '@klinik/ui';
import { therapistKeys, type CreateUserInput, type TherapistApi } from './api';
import { withoutMessage } from './rules';
import { texts } from './texts';

const T = texts.createUser;
type Fields = Required<{ [K in keyof CreateUserInput]: string }>;
const EMPTY: Fields = { nameFirst: '', nameLast: '', email: '', phone: '', password: '', confirmPassword: '' };

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
  pair: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))' },
});

/** 'Brugernavnet er taget' as the server says it; anything else as 'Fejl: …' (spec 3 §8). */
export function createUserFailure(message: string): string {
  return message === messages.usernameTaken ? message : T.failed(message);
}

export default function CreateUserDialog({ api, notify, onClose }: { api: TherapistApi; notify: (text: string, intent?: 'success' | 'error') => void; onClose: () => void }) {
  const styles = useStyles();
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation((input: CreateUserInput) => api.createUser(input), {
    notify,
    invalidates: [therapistKeys.list, therapistKeys.users],
    // A refusal said once: in the message bar, not again at its field ('Brugernavnet er taget' at the e-mail).
    onError: (message, fieldErrors) => setErrors(withoutMessage(fieldErrors, message)),
    onSuccess: onClose,
  });

  function edit(field: keyof Fields, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  function submit() {
    create.reset();
    const parsed = createUserSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    void create.run(form);
  }

  const field = (name: keyof Fields, label: string, type: 'text' | 'email' | 'tel' | 'password' = 'text') => (
    <Field label={label} required validationMessage={errors[name]} validationState={errors[name] ? 'error' : 'none'}>
      <Input type={type} value={form[name]} autoComplete={type === 'password' ? 'new-password' : 'off'} onChange={(_, data) => edit(name, data.value)} />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !create.pending && onClose()}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogBody>
            <DialogTitle>{T.title}</DialogTitle>
            <DialogContent className={styles.form}>
              <div className={styles.pair}>
                {field('nameFirst', T.nameFirst)}
                {field('nameLast', T.nameLast)}
              </div>
              {field('email', T.email, 'email')}
              <Caption1>{T.usernameHint}</Caption1>
              {field('phone', T.phone, 'tel')}
              <div className={styles.pair}>
                {field('password', T.password, 'password')}
                {field('confirmPassword', T.confirmPassword, 'password')}
              </div>
              {create.error && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{createUserFailure(create.error)}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={create.pending}>
                {T.cancel}
              </Button>
              <Button type="submit" appearance="primary" disabled={create.pending} icon={create.pending ? <Spinner size="tiny" /> : undefined}>
                {T.create}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
