/**
 * Create user (spec 3 §5 Create user, §8): a colleague with a password the owner chooses; the e-mail is the
 * username. Checked in the browser with the server's schema (core's createUserSchema), each field's error cleared
 * on editing. 'Brugeren er oprettet med succes.' on success; a taken username says 'Brugernavnet er taget', any
 * other failure 'Fejl: …'. Loaded when first opened.
 */
import { Caption1, Field, Input, makeStyles } from '@fluentui/react-components';
import { createUserSchema, messages } from '@klinik/core';
import { FormDialog, useForm } from '@klinik/ui';
import { therapistKeys, type CreateUserInput, type TherapistApi } from './api';
import { texts } from './texts';

const T = texts.createUser;
type Fields = Required<{ [K in keyof CreateUserInput]: string }>;
const EMPTY: Fields = { nameFirst: '', nameLast: '', email: '', phone: '', password: '', confirmPassword: '' };

const useStyles = makeStyles({
  pair: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))' },
});

/** 'Brugernavnet er taget' as the server says it; anything else as 'Fejl: …' (spec 3 §8). */
export function createUserFailure(message: string): string {
  return message === messages.usernameTaken ? message : T.failed(message);
}

export default function CreateUserDialog({ api, notify, onClose }: { api: TherapistApi; notify: (text: string, intent?: 'success' | 'error') => void; onClose: () => void }) {
  const styles = useStyles();
  const form = useForm({
    schema: createUserSchema,
    initial: EMPTY,
    send: (input: CreateUserInput) => api.createUser(input),
    notify,
    invalidates: [therapistKeys.list, therapistKeys.users],
    // A refusal said once: in the message bar, not again at its field ('Brugernavnet er taget' at the e-mail).
    refusalAt: 'bar',
    onSuccess: onClose,
  });

  const field = (name: keyof Fields, label: string, type: 'text' | 'email' | 'tel' | 'password' = 'text') => (
    <Field label={label} required {...form.field(name)}>
      <Input type={type} value={form.values[name]} autoComplete={type === 'password' ? 'new-password' : 'off'} onChange={(_, data) => form.set(name, data.value)} />
    </Field>
  );

  return (
    <FormDialog title={T.title} submitLabel={T.create} cancelLabel={T.cancel} form={form} error={form.message && createUserFailure(form.message)} onClose={onClose}>
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
    </FormDialog>
  );
}
