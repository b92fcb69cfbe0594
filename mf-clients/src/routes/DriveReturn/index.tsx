/**
 * The drive return route (core DRIVE_RETURN_PATH, `/Klientdata/google-drive`): Google's (or the sandbox's)
 * consent page sends the browser back here with `code` and `state`. The server exchanges the code once for the
 * session that asked; then the browser goes back to the client page the sign-in started from. 'Afvis' (an `error`)
 * or a refused code shows 'Access not granted. Please try again.'; a grant without the drive permission the spec's
 * 'access is required' alert, as the server answers it.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { driveMessages, type ActionOutput } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, useQuery } from '@klinik/ui';
import { clientsApi, type ClientsApi } from '../../api';
import { DRIVE_RETURN_KEY } from '../../components/clientdata/drive/returnKey';
import { driveTexts as T } from '../../components/clientdata/drive/driveTexts';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '640px', minWidth: 0 },
  panel: { display: 'grid', gap: '12px', padding: '20px', borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4 },
});

/** Back to the client page the sign-in started from: only a path of the client pages, never another origin. */
function returnPath(): string {
  const kept = sessionStorage.getItem(DRIVE_RETURN_KEY) ?? '';
  return /^\/Klientdata(\?[\w=&%-]*)?$/.test(kept) ? kept : '/Klientdata';
}

const exchanges = new Map<string, Promise<ActionOutput<'connectGoogleDrive'>>>();
/** One exchange per code and page load: the page may mount twice, and the code is good once. */
function connectOnce(api: ClientsApi, code: string, state: string) {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = api.connectDrive(code, state);
    exchanges.set(code, pending);
    pending.catch(() => exchanges.delete(code));
  }
  return pending;
}

export default function DriveReturnPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = useMemo(() => clientsApi(shell.client), [shell.client]);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error') !== null || !code || !state;
  const connected = useQuery(denied ? null : ['connectGoogleDrive', code], () => connectOnce(api, code!, state!));
  const back = returnPath();

  useEffect(() => {
    if (!connected.data) return;
    sessionStorage.removeItem(DRIVE_RETURN_KEY);
    void navigate(back, { replace: true });
  }, [connected.data, back, navigate]);

  // Spec 2 §8, sign-in failure, when the consent page said no (there is no answer of the server to show then).
  const failure = denied ? driveMessages.signInFailed : connected.error;
  return (
    <section className={styles.page}>
      <PageHeader title={T.returnHeading} />
      <div className={styles.panel}>
        {failure ? (
          <>
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
            <Button appearance="primary" onClick={() => void navigate(back, { replace: true })}>
              {T.back}
            </Button>
          </>
        ) : connected.data ? (
          <Body1 role="status">{T.connected}</Body1>
        ) : (
          <Spinner label={T.connecting} />
        )}
      </div>
    </section>
  );
}
