/**
 * The script of MineTider.html, the document a mailed 'Mine tider' link opens cold (built by the shell without
 * federation, a few KB): the page's first paint is ColdPage, prerendered into the document. This decides what that
 * paint says and when the federated app (the shell, and mf-booking's PortalPage) is started to take it over:
 *
 * - a mailed link (`#link=`, `#email=`) or a session in this tab: the form gives way to 'Logger ind…' (or the like),
 *   and the app starts at once: there is nothing for the client to type;
 * - signed out: the form stays, and the app starts on the client's first interaction with the page (a touch, a key,
 *   the pointer, a field's focus or an autofilled value), so that a phone's main thread is free while the page loads,
 *   as the sign-in page does (docs/decisions/0023-prerendered-sign-in-and-a-standalone-booking-page.md). Until then
 *   the button is disabled; what is typed is kept (handover.ts). The app's files are prefetched while idle, so the
 *   first interaction finds them in the browser's cache.
 *
 * The app is the one app.html starts: its entry and first-load files are listed by the build in
 * `<meta name="klinik-app-files">` (the entry first), and the runtime config is in this document as in app.html.
 * The link's token is left in the address: the real page reads it and takes it out (session.ts).
 */
import { portalTexts as T } from '../texts';
import { readLinkFromFragment, storedPortal } from '../session';
import { COLD_EMAIL_ID, COLD_FORM_ID, COLD_STATUS_ID } from './handover';

const WAKE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'input', 'submit'] as const;

function appFiles(): string[] {
  const listed = document.querySelector<HTMLMetaElement>('meta[name="klinik-app-files"]')?.content.split(' ').filter(Boolean) ?? [];
  // A development build lists nothing; its entry has a fixed name.
  return listed.length > 0 ? listed : ['/main.js'];
}

function hint(rel: 'preload' | 'prefetch', file: string) {
  const link = document.createElement('link');
  link.rel = rel;
  link.as = 'script';
  link.href = file;
  document.head.append(link);
}

let started = false;

/** Starts the federated app (its files asked for at once, in the order app.html preloads them), which renders the real page into #root. */
function startApp() {
  if (started) return;
  started = true;
  const [entry = '/main.js', ...rest] = appFiles();
  for (const file of rest) hint('preload', file);
  const script = document.createElement('script');
  script.src = entry;
  script.onerror = () => {
    // The entry did not arrive (the connection dropped): the next interaction tries again.
    script.remove();
    started = false;
    listen();
  };
  document.head.append(script);
}

function wake(event: Event) {
  // Nothing is sent before the real page is there: the prerendered form has no address to go to.
  if (event.type === 'submit') event.preventDefault();
  for (const type of WAKE_EVENTS) document.removeEventListener(type, wake, true);
  startApp();
}

function listen() {
  for (const type of WAKE_EVENTS) document.addEventListener(type, wake, { capture: true, passive: type !== 'submit' });
}

function showStatus(text: string, role: 'status' | 'alert') {
  const status = document.getElementById(COLD_STATUS_ID);
  const form = document.getElementById(COLD_FORM_ID);
  if (!status || !form) return;
  status.textContent = text;
  status.setAttribute('role', role);
  status.hidden = false;
  form.hidden = true;
}

function prefetchWhenIdle() {
  const prefetch = () => {
    if (!started) for (const file of appFiles()) hint('prefetch', file);
  };
  if (window.requestIdleCallback) window.requestIdleCallback(prefetch, { timeout: 2_000 });
  else window.setTimeout(prefetch, 500);
}

const therapistId = new URLSearchParams(window.location.search).get('therapistId');
const link = readLinkFromFragment();
if (!therapistId) showStatus(T.noTherapist, 'alert');
else if (link) {
  showStatus(link.kind === 'email' ? T.confirmingEmail : T.signingIn, 'status');
  startApp();
} else if (storedPortal(therapistId)) {
  showStatus(T.loading, 'status');
  startApp();
} else {
  listen();
  // A field focused, or a value restored or autofilled, before this ran.
  const input = document.getElementById(COLD_EMAIL_ID);
  if (input instanceof HTMLInputElement && (document.activeElement === input || input.value !== '')) startApp();
  else prefetchWhenIdle();
}
