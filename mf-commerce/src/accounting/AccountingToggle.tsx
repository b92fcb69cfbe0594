/**
 * The accounting-integration toggle of the company settings (spec 3 §2 Company settings: 'accounting-integration
 * toggle (connect or remove)'), self-contained so /Settings only mounts it: `<AccountingToggle client={shell.client}
 * readOnly={!isOwner} />`. Its state comes from the server (getDineroStatus). Switching on opens the integration
 * settings and then Dinero's consent page; switching off asks 'Er du sikker?' and removes the connection. Non-owners
 * see the state read-only; without the accounting add-on the switch is off and says where to activate it.
 */
import { useMemo, useState } from 'react';
import { Caption1, Field, Switch, makeStyles } from '@fluentui/react-components';
import type { ActionClient } from '@klinik/core/client';
import { LoadError, useMutation, useQuery } from '@klinik/ui';
import { lazyPart } from '../components/lazyPart';
import { accountingApi, accountingKeys } from './api';
import { accountingTexts } from './texts';

const T = accountingTexts.toggle;
const IntegrationSettingsDialog = lazyPart(() => import('./IntegrationSettingsDialog'));
const ConfirmDialog = lazyPart(() => import('@klinik/ui/ConfirmDialog'));

const useStyles = makeStyles({ root: { display: 'grid', gap: '4px' } });

export function AccountingToggle({ client, readOnly = false }: { client: ActionClient; readOnly?: boolean }) {
  const styles = useStyles();
  const api = useMemo(() => accountingApi(client), [client]);
  const status = useQuery(accountingKeys.status, () => api.status());
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const disconnect = useMutation(() => api.disconnect(), { invalidates: [accountingKeys.status], successText: false });

  if (status.error && !status.data) return <LoadError title={T.loadFailed} detail={status.error} onRetry={() => void status.refresh()} retryLabel="Prøv igen" />;
  const data = status.data;
  const connected = data?.connected === true;
  const hint = !data
    ? undefined
    : readOnly
      ? T.readOnly
      : !data.addOnActive
        ? T.addOnInactive
        : connected
          ? [T.connected(data.dineroOrgId ?? ''), data.pendingInvoices ? T.pending(data.pendingInvoices) : ''].filter(Boolean).join(' ')
          : T.notConnected;
  return (
    <div className={styles.root} data-accounting-toggle>
      <Field hint={hint}>
        <Switch
          label={T.label}
          checked={connected}
          disabled={!data || readOnly || (!data.addOnActive && !connected) || disconnect.pending}
          onChange={(_, change) => (change.checked ? setConnecting(true) : setRemoving(true))}
        />
      </Field>
      {readOnly && connected && data?.dineroOrgId && <Caption1>{T.connected(data.dineroOrgId)}</Caption1>}
      {connecting && <IntegrationSettingsDialog client={client} onClose={() => setConnecting(false)} />}
      {removing && (
        <ConfirmDialog
          open
          title={T.removeTitle}
          body={T.removeBody}
          confirmLabel={T.remove}
          cancelLabel={T.keep}
          onClose={() => setRemoving(false)}
          onConfirm={async () => {
            await disconnect.runOrThrow(undefined);
          }}
        />
      )}
    </div>
  );
}

export default AccountingToggle;
