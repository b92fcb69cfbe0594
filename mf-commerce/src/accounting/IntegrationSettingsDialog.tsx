/**
 * The integration settings dialog (spec 3 §4 Integration settings, §5 Integration dates): 'transfer everything' (on
 * by default) or a period with from and to dates, both required ('Feltet er påkrævet.', the rule core shares with the
 * server). 'Forbind til Dinero' asks the server for the connection url (the settings are signed into its state, never
 * kept in the browser) and opens it in this tab; without a url the alert 'something went wrong' shows (spec 3 §8).
 */
import { useMemo, useState } from 'react';
import { Field, Input, Switch, makeStyles } from '@fluentui/react-components';
import { transferScope, type IntegrationSettings } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import { FormDialog, useMutation } from '@klinik/ui';
import { accountingApi } from './api';
import { accountingTexts } from './texts';

const T = accountingTexts.settings;

const useStyles = makeStyles({
  dates: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' },
});

export default function IntegrationSettingsDialog({ client, onClose, leave = (url) => window.location.assign(url) }: { client: ActionClient; onClose: () => void; leave?: (url: string) => void }) {
  const styles = useStyles();
  const api = useMemo(() => accountingApi(client), [client]);
  const [settings, setSettings] = useState<IntegrationSettings>({ allDataFlag: true, fromDate: '', toDate: '' });
  const [checked, setChecked] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [noUrl, setNoUrl] = useState(false);
  const local = checked ? transferScope(settings).errors : null;
  const connect = useMutation((input: IntegrationSettings) => api.connectUrl(input), {
    successText: false,
    onSuccess: (answer) => {
      if (!answer.url) {
        setNoUrl(true);
        return;
      }
      setLeaving(true);
      leave(answer.url);
    },
  });
  const fieldError = (field: 'fromDate' | 'toDate') => local?.[field] ?? connect.fieldErrors[field];

  function submit() {
    setChecked(true);
    setNoUrl(false);
    if (transferScope(settings).errors) return;
    void connect.run(settings);
  }

  const busy = connect.pending || leaving;
  return (
    // The dates are checked by the shared rule, with the spec's Danish message, not the browser's (FormDialog's form is noValidate).
    <FormDialog
      title={T.title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={noUrl ? T.noUrl : connect.error && !Object.keys(connect.fieldErrors).length ? connect.error : null}
      submitLabel={busy ? T.connecting : T.connect}
      cancelLabel={T.cancel}
    >
      <span>{T.intro}</span>
      <Field hint={T.transferAllHint}>
        <Switch label={T.transferAll} checked={settings.allDataFlag} onChange={(_, data) => setSettings((current) => ({ ...current, allDataFlag: data.checked }))} />
      </Field>
      {!settings.allDataFlag && (
        <div className={styles.dates}>
          <Field label={T.fromDate} required validationMessage={fieldError('fromDate')}>
            <Input type="date" value={settings.fromDate ?? ''} onChange={(_, data) => setSettings((current) => ({ ...current, fromDate: data.value }))} />
          </Field>
          <Field label={T.toDate} required validationMessage={fieldError('toDate')}>
            <Input type="date" value={settings.toDate ?? ''} onChange={(_, data) => setSettings((current) => ({ ...current, toDate: data.value }))} />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}
