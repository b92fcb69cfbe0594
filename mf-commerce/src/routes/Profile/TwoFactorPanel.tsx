/**
 * Two-factor sign-in on /MinProfil, loaded when the therapist opens it: a new secret as a QR code (and as
 * text for typing in), turned on by a first code from the app; the ten recovery codes are shown once. When it is
 * already on, it can be turned off with the password. The API decides everything (twoFactorSetup/Enable/Disable).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles } from '@fluentui/react-components';
import { renderSVG } from 'uqr';
import { ActionError } from '@klinik/core/client';
import type { RemotePageProps } from '@klinik/core/rules';

const TWO_FACTOR_TEXTS = {
  scan: 'Scan QR-koden med din godkendelsesapp (eller indtast nøglen), og skriv den kode, appen viser.',
  secret: 'Nøgle',
  code: 'Kode fra appen',
  enable: 'Slå to-trins-login til',
  recovery: 'Gendannelseskoder (vises kun nu; hver kan bruges én gang, hvis du mister telefonen):',
  alreadyOn: 'To-trins-login er slået til for din konto.',
  password: 'Din adgangskode',
  disable: 'Slå to-trins-login fra',
} as const;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px', maxWidth: '420px' },
  qr: { width: '180px', height: '180px' },
  codes: { display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '4px 24px', fontFamily: 'monospace' },
});

type State =
  | { step: 'loading' }
  | { step: 'setup'; secret: string; otpauthUrl: string }
  | { step: 'on' }
  | { step: 'codes'; codes: string[] }
  | { step: 'off' };

export default function TwoFactorPanel({ shell }: Pick<RemotePageProps, 'shell'>) {
  const styles = useStyles();
  const [state, setState] = useState<State>({ step: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; intent: 'error' | 'success' } | null>(null);

  useEffect(() => {
    shell.client.call('twoFactorSetup', {}).then(
      ({ data }) => setState({ step: 'setup', ...data }),
      (error: unknown) => {
        // 409: it is on already; anything else is shown as it is.
        if (error instanceof ActionError && error.status === 409) setState({ step: 'on' });
        else setMessage({ text: error instanceof Error ? error.message : String(error), intent: 'error' });
      },
    );
  }, [shell.client]);

  async function send(work: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const enable = (event: FormEvent) => {
    event.preventDefault();
    void send(async () => {
      const answer = await shell.client.call('twoFactorEnable', { code: code.trim() });
      setMessage({ text: answer.message, intent: 'success' });
      setState({ step: 'codes', codes: answer.data.recoveryCodes });
    });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    void send(async () => {
      const answer = await shell.client.call('twoFactorDisable', { password });
      setMessage({ text: answer.message, intent: 'success' });
      setState({ step: 'off' });
    });
  };

  return (
    <div className={styles.form}>
      {message && (
        <MessageBar intent={message.intent}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      {state.step === 'loading' && !message && <Spinner size="tiny" />}
      {state.step === 'setup' && (
        <form className={styles.form} onSubmit={enable} noValidate>
          <Text>{TWO_FACTOR_TEXTS.scan}</Text>
          <img className={styles.qr} alt="QR-kode til godkendelsesappen" src={`data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(state.otpauthUrl))}`} />
          <Field label={TWO_FACTOR_TEXTS.secret}>
            <Input readOnly value={state.secret} />
          </Field>
          <Field label={TWO_FACTOR_TEXTS.code} required>
            <Input autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(_, data) => setCode(data.value)} />
          </Field>
          <div>
            <Button type="submit" appearance="primary" disabled={busy || !code.trim()}>
              {TWO_FACTOR_TEXTS.enable}
            </Button>
          </div>
        </form>
      )}
      {state.step === 'codes' && (
        <>
          <Text>{TWO_FACTOR_TEXTS.recovery}</Text>
          <div className={styles.codes} aria-label="Gendannelseskoder">
            {state.codes.map((recovery) => (
              <span key={recovery}>{recovery}</span>
            ))}
          </div>
        </>
      )}
      {state.step === 'on' && (
        <form className={styles.form} onSubmit={disable} noValidate>
          <Text>{TWO_FACTOR_TEXTS.alreadyOn}</Text>
          <Field label={TWO_FACTOR_TEXTS.password} required>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
          </Field>
          <div>
            <Button type="submit" disabled={busy || !password}>
              {TWO_FACTOR_TEXTS.disable}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
