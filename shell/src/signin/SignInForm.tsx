/**
 * The therapist's sign-in page (`/`, spec 1 §2) as plain elements styled by signin.css: no Fluent, no router, no
 * atoms, so that the same component is
 *
 * - prerendered into the shell's index.html at build time (prerender.tsx): the heading and the form paint before any
 *   JavaScript has arrived;
 * - hydrated there by the sign-in island (island.tsx), a small bundle of React and this form (build budget 100 KB);
 * - rendered by the app itself at `/` after a sign-out or an ended session (routes/Login.tsx), with the session's
 *   message.
 *
 * The inputs are uncontrolled and read on submit, so what a user types before hydration is kept. The button stays
 * disabled until React has hydrated, so Enter before then submits nothing (a plain form submission would put the
 * password in the address).
 */
import { useState, useSyncExternalStore, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { LOGIN_ERROR_VISIBLE_MS } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { useTimedMessage } from '../components/useTimedMessage';
import { texts } from '../texts';

export interface SignInCredentials {
  username: string;
  password: string;
  otp?: string;
}

export interface SignInFormProps {
  /** Signs in; resolves once the caller leaves the page, rejects with the answer's ActionError. */
  onSubmit: (credentials: SignInCredentials) => Promise<void>;
  /** A message handed over by the page before (a finished password reset, an ended session). */
  flash?: string;
  /** Inside the app: follows a link without a page load. Without it the links are plain page loads. */
  navigate?: (path: string) => void;
}

const noSubscription = () => () => undefined;

/** False while the server's markup is hydrated (and in the prerender), true once React owns the page. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function PageLink({ to, navigate, children }: { to: string; navigate?: (path: string) => void; children: ReactNode }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified or middle click keeps the browser's own meaning (a new tab).
    if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a className="si-link" href={to} onClick={follow}>
      {children}
    </a>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label className="si-label" htmlFor={htmlFor}>
      {children}
      <span className="si-required" aria-hidden="true">
        {' *'}
      </span>
    </label>
  );
}

export function SignInForm({ onSubmit, flash, navigate }: SignInFormProps) {
  const hydrated = useHydrated();
  // Asked for only when the server says the account has two-factor sign-in.
  const [askOtp, setAskOtp] = useState(false);
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage(LOGIN_ERROR_VISIBLE_MS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    setBusy(true);
    try {
      await onSubmit({ username: field('username').trim(), password: field('password'), otp: field('otp').trim() || undefined });
    } catch (error) {
      if (error instanceof ActionError && error.errors.otp) setAskOtp(true);
      show(error instanceof ActionError && error.message ? error.message : texts.login.unknownError);
      setBusy(false);
    }
  }

  return (
    <div className="si-page">
      <div className="si-column">
        <main className="si-card">
          <p className="si-brand">{texts.appName.toUpperCase()}</p>
          <h1 className="si-title">{texts.login.title}</h1>
          <p className="si-intro">{texts.login.intro}</p>
          <form className="si-form" method="post" onSubmit={(event) => void submit(event)} noValidate>
            {flash && (
              <div role="status" className="si-notice si-success">
                {flash}
              </div>
            )}
            <div className="si-field">
              <Label htmlFor="signin-username">{texts.login.email}</Label>
              <input className="si-input" id="signin-username" type="email" name="username" autoComplete="username" aria-required="true" />
            </div>
            <div className="si-field">
              <Label htmlFor="signin-password">{texts.login.password}</Label>
              <input className="si-input" id="signin-password" type="password" name="password" autoComplete="current-password" aria-required="true" />
            </div>
            {askOtp && (
              <div className="si-field">
                <Label htmlFor="signin-otp">{texts.otp}</Label>
                <input className="si-input" id="signin-otp" name="otp" autoComplete="one-time-code" inputMode="numeric" aria-required="true" autoFocus />
              </div>
            )}
            {message && (
              <div role={message.intent === 'error' ? 'alert' : 'status'} className={`si-notice si-${message.intent}`}>
                {message.text}
              </div>
            )}
            <button className="si-button" type="submit" disabled={!hydrated || busy}>
              {busy ? texts.login.submitting : texts.login.submit}
            </button>
            <div className="si-links">
              <PageLink to="/forgot_password" navigate={navigate}>
                {texts.login.forgot}
              </PageLink>
              <PageLink to="/register" navigate={navigate}>
                {texts.login.register}
              </PageLink>
              <PageLink to="/admin" navigate={navigate}>
                {texts.login.admin}
              </PageLink>
            </div>
          </form>
        </main>
        <p className="si-footer">{texts.version}</p>
      </div>
    </div>
  );
}
