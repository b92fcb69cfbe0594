/**
 * 'Mine tider' (/MineTider?therapistId=…): signed out, the e-mail form; `#link=<token>` from the mail signs in
 * (the token is taken out of the address at once, the session's token kept in sessionStorage); `#email=<token>`
 * confirms a new e-mail address. Any 401 of the session leads back to the form with 'Du er logget ud…'.
 */
import { useCallback, useEffect, useState } from 'react';
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { portalMessages } from '@klinik/core/messages';
import { invalidateQueries } from '@klinik/ui';
import { Portal } from './Portal';
import { clearFragment, forgetPortal, once, readLinkFromFragment, storePortal, storedPortal } from './session';
import { SignInForm } from './SignInForm';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

type Notice = { intent: 'success' | 'warning' | 'info'; text: string } | null;

const messageOf = (reason: unknown): string => (reason instanceof Error && reason.message ? reason.message : portalMessages.linkInvalid);

export function PortalPage({ client, therapistId, bookingPage }: { client: ActionClient; therapistId: string | null; bookingPage: (therapistId: string) => string }) {
  const styles = usePortalStyles();
  const [link, setLink] = useState(readLinkFromFragment);
  const [portalToken, setPortalToken] = useState<string | null>(() => (therapistId ? (storedPortal(therapistId)?.portalToken ?? null) : null));
  const [notice, setNotice] = useState<Notice>(null);
  const [opening, setOpening] = useState(link !== null && therapistId !== null);

  // A link pasted into this tab's address bar while the page is open arrives as a new fragment only.
  useEffect(() => {
    const arrived = () => {
      const next = readLinkFromFragment();
      if (!next) return;
      setOpening(true);
      setLink(next);
    };
    window.addEventListener('hashchange', arrived);
    return () => window.removeEventListener('hashchange', arrived);
  }, []);

  useEffect(() => {
    clearFragment();
    if (!link || !therapistId) return;
    let live = true;
    const done = (next: Notice) => {
      if (!live) return;
      setNotice(next);
      setOpening(false);
    };
    if (link.kind === 'signIn') {
      once(link.token, () => client.call('clientPortalSignIn', { linkToken: link.token })).then(
        ({ data }) => {
          if (!live) return;
          storePortal({ portalToken: data.portalToken, therapistId });
          setPortalToken(data.portalToken);
          done(null);
        },
        // An unknown, used or expired link is one answer (401); anything else says what went wrong.
        (reason: unknown) => done({ intent: 'warning', text: reason instanceof ActionError && reason.status === 401 ? portalMessages.linkInvalid : messageOf(reason) }),
      );
    } else {
      once(link.token, () => client.call('confirmClientPortalEmail', { linkToken: link.token })).then(
        (answer) => {
          done({ intent: 'success', text: answer.message });
          void invalidateQueries(['getClientPortal']);
        },
        (reason: unknown) => done({ intent: 'warning', text: messageOf(reason) }),
      );
    }
    return () => {
      live = false;
    };
  }, [link, therapistId, client]);

  const onSignedOut = useCallback(() => {
    forgetPortal();
    setPortalToken(null);
    setNotice({ intent: 'info', text: portalMessages.signedOut });
  }, []);
  const signOut = useCallback(() => {
    if (portalToken) void client.call('clientPortalSignOut', { portalToken }).catch(() => undefined);
    forgetPortal();
    setPortalToken(null);
    setNotice({ intent: 'info', text: portalMessages.sessionEnded });
  }, [client, portalToken]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{portalMessages.title}</h1>
      {notice && (
        <MessageBar intent={notice.intent} role={notice.intent === 'warning' ? 'alert' : 'status'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {!therapistId ? (
        <Text role="alert">{T.noTherapist}</Text>
      ) : opening ? (
        <Text role="status">{link?.kind === 'email' ? T.confirmingEmail : T.signingIn}</Text>
      ) : portalToken ? (
        <Portal client={client} portalToken={portalToken} bookingPage={bookingPage(therapistId)} onSignedOut={onSignedOut} onSignOut={signOut} />
      ) : (
        <SignInForm client={client} therapistId={therapistId} />
      )}
    </div>
  );
}
