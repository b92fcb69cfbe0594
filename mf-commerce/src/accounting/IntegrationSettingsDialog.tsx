/**
 * The integration settings dialog (spec 3 §4 Integration settings, §5 Integration dates): 'transfer everything' (on
 * by default) or a period with from and to dates, both required ('Feltet er påkrævet.', the rule core shares with the
 * server). 'Forbind til Dinero' asks the server for the connection url (the settings are signed into its state, never
 * kept in the browser) and opens it in this tab; without a url the alert 'something went wrong' shows (spec 3 §8).
 */
import { useMemo, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner, Switch, makeStyles } from '@fluentui/react-components';
import { transferScope, type IntegrationSettings } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import { useMutation } from '@klinik/ui';
import { accountingApi } from './api';
import { accountingTexts } from './texts';

const T = accountingTexts.settings;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
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
    <Dialog open onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <form
          // The dates are checked by the shared rule, with the spec's Danish message, not the browser's.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogBody>
            <DialogTitle>{T.title}</DialogTitle>
            <DialogContent className={styles.form}>
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
              {(noUrl || (connect.error && !Object.keys(connect.fieldErrors).length)) && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{noUrl ? T.noUrl : connect.error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={busy}>
                {T.cancel}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {busy ? T.connecting : T.connect}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
