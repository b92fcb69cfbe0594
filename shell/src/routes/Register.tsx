/**
 * `/register`: creates the clinic and its first user (spec 1 §5). The form checks every rule with the same
 * schema the server enforces; on success it signs in automatically and goes to /.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { CVR_MAX_LENGTH, EMAIL_MAX_LENGTH, fieldErrorsFromIssues, messages, NAME_MAX_LENGTH, PHONE_MAX_LENGTH, registerInput } from '@klinik/core';
import { ActionError, CONNECTION_FAILED_MESSAGE } from '@klinik/core/client';
import { AppLink } from '../components/AppLink';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useClients } from '../session/session';
import { useCompleteTherapistSignIn } from '../session/signIn';
import { storeDeviceToken } from '../session/storage';
import { registerTexts } from './register-texts';

const useStyles = makeStyles({
  form: { display: 'grid', gap: '16px', marginTop: '8px' },
  grid: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', alignItems: 'start' },
  section: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '12px' },
  heading: { margin: 0 },
});

const T = registerTexts;

type TextField =
  | 'nameFirst'
  | 'nameLast'
  | 'email'
  | 'phone'
  | 'password'
  | 'confirmPassword'
  | 'companyName'
  | 'CVR'
  | 'address'
  | 'post'
  | 'town'
  | 'companyEmail'
  | 'companyPhone';

/** Where each form field's error is found in the server's `errors` (paths of the register schema). */
const ERROR_PATHS: Record<TextField | 'termsAccepted', string> = {
  nameFirst: 'therapistInfo.nameFirst',
  nameLast: 'therapistInfo.nameLast',
  email: 'therapistInfo.email',
  phone: 'therapistInfo.phone',
  password: 'therapistInfo.password',
  confirmPassword: 'therapistInfo.confirmPassword',
  termsAccepted: 'therapistInfo.termsAccepted',
  companyName: 'companyInfo.companyName',
  CVR: 'companyInfo.CVR',
  address: 'companyInfo.address',
  post: 'companyInfo.post',
  town: 'companyInfo.town',
  companyEmail: 'companyInfo.email',
  companyPhone: 'companyInfo.phone',
};

const EMPTY: Record<TextField, string> = {
  nameFirst: '',
  nameLast: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  CVR: '',
  address: '',
  post: '',
  town: '',
  companyEmail: '',
  companyPhone: '',
};

export default function Register() {
  const styles = useStyles();
  const clients = useClients();
  const completeSignIn = useCompleteTherapistSignIn();
  const [values, setValues] = useState(EMPTY);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [newsletter, setNewsletter] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const input = useMemo(
    () => ({
      therapistInfo: {
        nameFirst: values.nameFirst,
        nameLast: values.nameLast,
        email: values.email,
        phone: values.phone,
        password: values.password,
        confirmPassword: values.confirmPassword,
        newsletter,
        termsAccepted,
      },
      companyInfo: {
        companyName: values.companyName,
        ...(values.CVR.trim() ? { CVR: values.CVR.trim() } : {}),
        address: values.address,
        post: values.post,
        town: values.town,
        email: values.companyEmail,
        phone: values.companyPhone,
      },
    }),
    [values, newsletter, termsAccepted],
  );

  const clientErrors = useMemo(() => {
    const parsed = registerInput.safeParse(input);
    return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  }, [input]);

  const errorFor = (field: TextField | 'termsAccepted') => {
    const path = ERROR_PATHS[field];
    return serverErrors[path] ?? (submitted ? clientErrors[path] : undefined);
  };

  const set = (field: TextField) => (_: unknown, data: { value: string }) => {
    setValues((current) => ({ ...current, [field]: data.value }));
    setServerErrors((current) => {
      const next = { ...current };
      delete next[ERROR_PATHS[field]];
      return next;
    });
  };

  async function checkUsername() {
    const email = values.email.trim();
    if (!email || clientErrors[ERROR_PATHS.email]) return;
    try {
      const answer = await clients.therapist.call('checkUsername', { name: email });
      if (!answer.data.available) setServerErrors((current) => ({ ...current, [ERROR_PATHS.email]: messages.usernameTaken }));
    } catch {
      // The check is a courtesy; registration itself refuses a taken username.
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(clientErrors).length > 0) {
      if (clientErrors[ERROR_PATHS.termsAccepted] && Object.keys(clientErrors).length === 1) setFailure(messages.termsRequired);
      return;
    }
    setBusy(true);
    try {
      await clients.therapist.call('register', input);
      const login = await clients.therapist.call('login', { username: values.email.trim(), password: values.password });
      storeDeviceToken('therapist', login.deviceToken);
      await completeSignIn(login.token, login.expiresIn, '/');
    } catch (error) {
      setBusy(false);
      if (error instanceof ActionError) {
        setServerErrors(error.errors);
        setFailure(error.message === messages.usernameTaken ? messages.usernameTaken : `${T.errorPrefix}${error.status === 0 ? CONNECTION_FAILED_MESSAGE : error.message}`);
      } else {
        setFailure(`${T.errorPrefix}${CONNECTION_FAILED_MESSAGE}`);
      }
    }
  }

  const text = (field: TextField, label: string, options: { type?: 'text' | 'email' | 'tel' | 'password'; max: number; autoComplete?: string; required?: boolean; inputMode?: 'numeric' | 'tel' | 'email' }) => (
    <Field label={label} required={options.required ?? true} validationMessage={errorFor(field)} validationState={errorFor(field) ? 'error' : 'none'}>
      <Input
        name={field}
        type={options.type ?? 'text'}
        value={values[field]}
        maxLength={options.max}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        onChange={set(field)}
        onBlur={field === 'email' ? () => void checkUsername() : undefined}
      />
    </Field>
  );

  return (
    <AuthCard title={T.title} intro={T.intro} wide>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Subtitle2 as="h2" className={styles.heading}>
          {T.you}
        </Subtitle2>
        <div className={styles.grid}>
          {text('nameFirst', T.nameFirst, { max: NAME_MAX_LENGTH, autoComplete: 'given-name' })}
          {text('nameLast', T.nameLast, { max: NAME_MAX_LENGTH, autoComplete: 'family-name' })}
          {text('email', T.email, { type: 'email', max: EMAIL_MAX_LENGTH, autoComplete: 'email', inputMode: 'email' })}
          {text('phone', T.phone, { type: 'tel', max: PHONE_MAX_LENGTH, autoComplete: 'tel', inputMode: 'tel' })}
          {text('password', T.password, { type: 'password', max: 100, autoComplete: 'new-password' })}
          {text('confirmPassword', T.confirmPassword, { type: 'password', max: 100, autoComplete: 'new-password' })}
        </div>
        <div className={styles.section}>
          <Subtitle2 as="h2" className={styles.heading}>
            {T.clinic}
          </Subtitle2>
        </div>
        <div className={styles.grid}>
          {text('companyName', T.companyName, { max: NAME_MAX_LENGTH, autoComplete: 'organization' })}
          {text('CVR', T.cvr, { max: CVR_MAX_LENGTH, required: false, inputMode: 'numeric' })}
          {text('address', T.address, { max: NAME_MAX_LENGTH, autoComplete: 'street-address' })}
          {text('post', T.post, { max: NAME_MAX_LENGTH, autoComplete: 'postal-code', inputMode: 'numeric' })}
          {text('town', T.town, { max: NAME_MAX_LENGTH, autoComplete: 'address-level2' })}
          {text('companyEmail', T.companyEmail, { type: 'email', max: EMAIL_MAX_LENGTH, inputMode: 'email' })}
          {text('companyPhone', T.companyPhone, { type: 'tel', max: PHONE_MAX_LENGTH, inputMode: 'tel' })}
        </div>
        <Field validationMessage={errorFor('termsAccepted')} validationState={errorFor('termsAccepted') ? 'error' : 'none'}>
          <Checkbox checked={termsAccepted} onChange={(_, data) => setTermsAccepted(data.checked === true)} label={T.terms} />
        </Field>
        <Checkbox checked={newsletter} onChange={(_, data) => setNewsletter(data.checked === true)} label={T.newsletter} />
        <Notice message={failure ? { text: failure, intent: 'error' } : null} />
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? T.submitting : T.submit}
        </Button>
        <AppLink to="/">{T.haveAccount}</AppLink>
      </form>
    </AuthCard>
  );
}
