/**
 * /Settings' 'Betaling ved booking': the clinic's own payment account, where what clients pay at online booking goes.
 * Self-contained, so the page only mounts it: `<BookingPaymentAccount client={shell.client} readOnly={!isOwner} />`.
 * The owner connects the clinic's Frisbii account (private key and webhook secret, tried by the server before they
 * are saved and never shown again) or, where the server runs the payment sandbox, the sandbox; and disconnects it
 * after a confirmation. The webhook address to give Frisbii is shown. Other therapists see whether it is connected.
 */
import { useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, Title3, makeStyles } from '@fluentui/react-components';
import { actions, formatDanishDate, type PaymentAccount } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import { ConfirmDialog, FormDialog, LoadError, queryKey, useForm, useMutation, useQuery, type Notify } from '@klinik/ui';
import { bookingPaymentTexts as T } from './texts';

const useStyles = makeStyles({
  section: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '12px', maxWidth: '880px', marginTop: '24px' },
  heading: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  url: { overflowWrap: 'anywhere', fontFamily: 'monospace' },
});

/** The same key the treatment dialog reads, so a change here shows there at once. */
export const paymentAccountKey = queryKey('getClinicPaymentAccount');

function FrisbiiDialog({ client, notify, onClose }: { client: ActionClient; notify?: Notify; onClose: () => void }) {
  const form = useForm({
    schema: actions.setClinicPaymentAccount.input,
    initial: { privateKey: '', webhookSecret: '' },
    toInput: (values) => ({ provider: 'frisbii' as const, ...values }),
    send: (input) => client.call('setClinicPaymentAccount', input),
    invalidates: [paymentAccountKey],
    notify,
    onSuccess: onClose,
  });
  return (
    <FormDialog title={T.dialogTitle} submitLabel={T.connect} form={form} onClose={onClose}>
      <Text>{T.dialogIntro}</Text>
      <Field label={T.privateKey} required hint={T.privateKeyHint} {...form.field('privateKey')}>
        <Input type="password" autoComplete="off" value={form.values.privateKey} onChange={(_, data) => form.set('privateKey', data.value)} />
      </Field>
      <Field label={T.webhookSecret} required {...form.field('webhookSecret')}>
        <Input type="password" autoComplete="off" value={form.values.webhookSecret} onChange={(_, data) => form.set('webhookSecret', data.value)} />
      </Field>
    </FormDialog>
  );
}

function AccountView({ account, client, readOnly, notify }: { account: PaymentAccount; client: ActionClient; readOnly: boolean; notify?: Notify }) {
  const styles = useStyles();
  const [dialog, setDialog] = useState<'frisbii' | 'disconnect' | null>(null);
  const sandbox = useMutation(() => client.call('setClinicPaymentAccount', { provider: 'sandbox' }), { notify, invalidates: [paymentAccountKey] });
  const disconnect = useMutation(() => client.call('setClinicPaymentAccount', { provider: 'none' }), { notify, invalidates: [paymentAccountKey], errorToast: false });
  return (
    <>
      <MessageBar intent={account.connected ? 'success' : 'info'} layout="multiline">
        <MessageBarBody>{account.connected ? T.connected(account.provider, account.connectedAt ? formatDanishDate(account.connectedAt) : '') : T.notConnected}</MessageBarBody>
      </MessageBar>
      {readOnly ? (
        <Text>{T.ownerOnly}</Text>
      ) : (
        <>
          {account.webhookUrl && (
            <Field label={T.webhookUrl} hint={T.webhookHint}>
              <Text className={styles.url}>{account.webhookUrl}</Text>
            </Field>
          )}
          {sandbox.error && (
            <MessageBar intent="error" role="alert" layout="multiline">
              <MessageBarBody>{sandbox.error}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            {account.connected ? (
              <Button onClick={() => setDialog('disconnect')}>{T.disconnect}</Button>
            ) : (
              <>
                <Button appearance="primary" onClick={() => setDialog('frisbii')}>
                  {T.connectFrisbii}
                </Button>
                {account.sandboxAvailable && (
                  <Button disabled={sandbox.pending} icon={sandbox.pending ? <Spinner size="tiny" /> : undefined} onClick={() => void sandbox.run(undefined)}>
                    {T.connectSandbox}
                  </Button>
                )}
              </>
            )}
          </div>
        </>
      )}
      {dialog === 'frisbii' && <FrisbiiDialog client={client} notify={notify} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'disconnect'}
        title={T.disconnectTitle}
        body={T.disconnectBody}
        confirmLabel={T.disconnect}
        onConfirm={async () => {
          await disconnect.runOrThrow(undefined);
        }}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

export function BookingPaymentAccount({ client, readOnly, notify }: { client: ActionClient; readOnly: boolean; notify?: Notify }) {
  const styles = useStyles();
  const account = useQuery(paymentAccountKey, async () => (await client.call('getClinicPaymentAccount', {})).data);
  return (
    <section className={styles.section} aria-labelledby="settings-booking-payments">
      <Title3 as="h2" id="settings-booking-payments" className={styles.heading}>
        {T.title}
      </Title3>
      <Text>{T.intro}</Text>
      {account.error && !account.data ? (
        <LoadError title={T.loadFailed} detail={account.error} onRetry={() => void account.refresh()} retryLabel={T.retry} />
      ) : !account.data ? (
        <Spinner size="tiny" label={T.loading} />
      ) : (
        <AccountView account={account.data} client={client} readOnly={readOnly} notify={notify} />
      )}
    </section>
  );
}

export default BookingPaymentAccount;
