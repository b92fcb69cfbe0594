/**
 * The sign-in form made live (island.tsx loads this chunk on the user's first interaction): React hydrates the
 * prerendered markup; signing in keeps the session in localStorage as the app keeps it and goes on to the landing
 * page, a page of the app, whose files this page then fetches while the user types (prefetchApp).
 */
import { hydrateRoot } from 'react-dom/client';
import { landingPathAfterLogin } from '@klinik/core/rules';
import { createActionClient } from '@klinik/core/client';
import { loadRuntimeConfig } from '../config';
import { keepTherapistSession, requestTherapistToken } from '../session/complete-sign-in';
import { readSession } from '../session/storage';
import { SignInForm, type SignInCredentials } from './SignInForm';

/**
 * The app's first-load files (its entry, start-up chunk, layout and shared singletons), listed by the build in
 * `<meta name="klinik-app-files">`: fetched at the lowest priority, so the first page after signing in starts from
 * the browser's cache.
 */
function prefetchApp() {
  const files = document.querySelector<HTMLMetaElement>('meta[name="klinik-app-files"]')?.content.split(' ').filter(Boolean) ?? [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = file;
    document.head.append(link);
  }
}

async function signIn(credentials: SignInCredentials) {
  const config = await loadRuntimeConfig();
  const client = createActionClient({ apiUrl: config.apiUrl, getToken: () => readSession().token });
  const answer = await requestTherapistToken(client, credentials);
  const therapist = await keepTherapistSession(client, answer.token, answer.expiresIn);
  window.location.replace(landingPathAfterLogin(therapist.company, Date.now()));
  // The page is being left: the form stays busy until then.
  await new Promise<never>(() => undefined);
}

export function hydrate() {
  hydrateRoot(document.getElementById('root')!, <SignInForm onSubmit={signIn} />);
  if (window.requestIdleCallback) window.requestIdleCallback(prefetchApp, { timeout: 2_000 });
  else window.setTimeout(prefetchApp, 500);
}
