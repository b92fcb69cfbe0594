/**
 * `/MinProfil` ('Min profil' in the account menu): every therapist changes their own name, phone, theme
 * colour (the calendar and the opening-hours dialog use it: spec 3 §6) and 'Jeg kan tage nye klienter'. The API
 * allows this for the caller only (setTherapist, setTherapistAvailable); nothing here is the owner's.
 */
import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Switch, Text, Title2, makeStyles } from '@fluentui/react-components';
import { DEFAULT_THERAPIST_COLORS, themeColourOf, type RemotePageProps, type TherapistView } from '@klinik/core/rules';
import { useMutation, useNotifications } from '@klinik/ui';
import { lazyPart } from '../../components/lazyPart';

// Two-factor sign-in: loaded only when opened, with its QR code renderer.
const TwoFactorPanel = lazyPart(() => import('./TwoFactorPanel'));

const T = {
  title: 'Min profil',
  nameFirst: 'Fornavn',
  nameLast: 'Efternavn',
  phone: 'Telefon',
  colour: 'Min farve',
  colourHint: 'Farven i din kalender og i dialogen for åbningstider.',
  available: 'Jeg kan tage nye klienter',
  save: 'Gem',
  saved: 'Dine oplysninger er gemt.',
  twoFactor: 'To-trins-login',
  twoFactorIntro: 'Med to-trins-login skal du ud over adgangskoden indtaste en kode fra en godkendelsesapp på din telefon.',
  twoFactorOpen: 'Opsæt eller slå fra',
} as const;

const useStyles = makeStyles({
  card: { maxWidth: '520px', padding: '24px' },
  form: { display: 'grid', gap: '14px' },
  colour: { width: '64px', height: '36px', padding: '2px', border: 'none', background: 'transparent', cursor: 'pointer' },
});

type TextField = 'nameFirst' | 'nameLast' | 'phone';

function TwoFactorCard({ shell }: Pick<RemotePageProps, 'shell'>) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <Card className={styles.card}>
      <Title2 as="h2">{T.twoFactor}</Title2>
      <Text>{T.twoFactorIntro}</Text>
      {open ? (
        <TwoFactorPanel shell={shell} />
      ) : (
        <div>
          <Button onClick={() => setOpen(true)}>{T.twoFactorOpen}</Button>
        </div>
      )}
    </Card>
  );
}

function ProfileForm({ shell, therapist }: RemotePageProps & { therapist: TherapistView }) {
  const styles = useStyles();
  const { notify, toaster } = useNotifications();
  const [values, setValues] = useState({
    nameFirst: therapist.nameFirst,
    nameLast: therapist.nameLast,
    phone: therapist.phone,
    // Without a colour of their own: the default outside the calendar (spec 2 §3).
    colour: themeColourOf(therapist.colors, 'elsewhere'),
    available: therapist.isAvailable,
  });
  // The server's message per field stays until that field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const save = useMutation(
    async () => {
      const colors = [therapist.colors[0] ?? DEFAULT_THERAPIST_COLORS[0], values.colour, ...therapist.colors.slice(2)];
      await shell.client.call('setTherapist', { nameFirst: values.nameFirst, nameLast: values.nameLast, phone: values.phone, colors });
      if (values.available !== therapist.isAvailable) await shell.client.call('setTherapistAvailable', { therapistId: therapist.id, isAvailable: values.available });
      await shell.refreshTherapist();
    },
    { notify, successText: T.saved, onError: () => setEdited(new Set()) },
  );
  const set = (field: TextField) => (_: unknown, data: { value: string }) => {
    setValues((current) => ({ ...current, [field]: data.value }));
    setEdited((current) => new Set(current).add(field));
  };
  const fieldError = (field: string) => {
    const message = edited.has(field) ? undefined : save.fieldErrors[field];
    return message ? { validationMessage: message, validationState: 'error' as const } : {};
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(undefined);
  };

  return (
    <Card className={styles.card}>
      {toaster}
      <Title2 as="h1">{T.title}</Title2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={T.nameFirst} required {...fieldError('nameFirst')}>
          <Input value={values.nameFirst} onChange={set('nameFirst')} autoComplete="given-name" />
        </Field>
        <Field label={T.nameLast} required {...fieldError('nameLast')}>
          <Input value={values.nameLast} onChange={set('nameLast')} autoComplete="family-name" />
        </Field>
        <Field label={T.phone} required {...fieldError('phone')}>
          <Input type="tel" value={values.phone} onChange={set('phone')} autoComplete="tel" />
        </Field>
        <Field label={T.colour} hint={T.colourHint} {...fieldError('colors')}>
          {/* A native colour input reads no Field context: the render prop gives it the label, the hint and the error. */}
          {(fieldProps) => (
            <input {...fieldProps} className={styles.colour} type="color" value={values.colour} onChange={(event) => setValues((current) => ({ ...current, colour: event.target.value }))} />
          )}
        </Field>
        <Switch label={T.available} checked={values.available} onChange={(_, data) => setValues((current) => ({ ...current, available: data.checked }))} />
        {save.error && Object.keys(save.fieldErrors).length === 0 && (
          <MessageBar intent="error">
            <MessageBarBody>{save.error}</MessageBarBody>
          </MessageBar>
        )}
        <div>
          <Button type="submit" appearance="primary" disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
            {T.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export default function ProfilePage({ shell }: RemotePageProps) {
  // The shell has loaded the therapist before any page of its area renders.
  return shell.therapist ? (
    <div style={{ display: 'grid', gap: '16px' }}>
      <ProfileForm shell={shell} therapist={shell.therapist} />
      <TwoFactorCard shell={shell} />
    </div>
  ) : (
    <Spinner />
  );
}
