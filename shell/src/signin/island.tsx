/**
 * The sign-in island: the script of the shell's index.html (served at `/` only; every other path gets app.html, the
 * federated app). Built without Module Federation (React bundled; budget 100 KB gzip for all of it), it makes live
 * the form the build prerendered into the page (prerender.tsx), which has painted before any script arrived.
 *
 * This entry is small: a signed-in user goes straight on to the app's landing page; otherwise React and the form
 * (hydrate.tsx) are fetched on the user's first interaction with the page (a touch, a click, a key, the pointer, a
 * field's focus or an autofilled value), so that a phone's main thread is free while the page loads. The form's
 * button stays disabled until then; whatever is typed in the meantime is kept (SignInForm's uncontrolled inputs).
 */
import { landingPathAfterLogin } from '@klinik/core/rules';
import { readSession } from '../session/storage';

const WAKE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'input'] as const;

function hydrateOnInteraction() {
  let started = false;
  const wake = () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) document.removeEventListener(type, wake, true);
    import(/* webpackChunkName: "form" */ './hydrate').then(
      ({ hydrate }) => hydrate(),
      () => {
        // The chunk did not arrive (the connection dropped): the next interaction tries again.
        started = false;
        for (const type of WAKE_EVENTS) document.addEventListener(type, wake, { capture: true, passive: true });
      },
    );
  };
  for (const type of WAKE_EVENTS) document.addEventListener(type, wake, { capture: true, passive: true });
  // Values already there (the browser restored the page or autofilled it; a field focused before this ran).
  const root = document.getElementById('root');
  if (document.activeElement !== document.body && root?.contains(document.activeElement)) wake();
  else if ([...(root?.querySelectorAll('input') ?? [])].some((input) => input.value !== '')) wake();
}

const session = readSession();
if (session.token && session.therapist) window.location.replace(landingPathAfterLogin(session.therapist, Date.now()));
else hydrateOnInteraction();
