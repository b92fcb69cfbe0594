import { loadRuntimeConfig } from './config';
import { preloadOpeningCode } from './remotes';

// The runtime config (in the document, else asked for at once), while the shared singletons and the app's code
// download (bootstrap.tsx awaits the same; a failure there shows the start-up error). With it, the opening page's
// code and first data are asked for.
loadRuntimeConfig()
  .then((config) => {
    preloadOpeningCode(config);
    return import(/* webpackChunkName: "opening-calls" */ './app/opening-calls').then(({ prefetchOpeningCallsEarly }) => prefetchOpeningCallsEarly(config));
  })
  .catch(() => undefined);

// The async boundary lets Module Federation negotiate the shared singletons before any of them is used.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  // Without the app nothing else can tell the user: a plain line instead of a blank page.
  console.error('Klinik could not start', error);
  document.body.textContent = 'Siden kunne ikke indlæses. Tjek forbindelsen, og genindlæs siden.';
});
