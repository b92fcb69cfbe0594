/** Start-up: runtime config, remotes registered, API clients made; then the app renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import { matchPath } from 'react-router-dom';
import { App } from './app/App';
import { ADMIN_REMOTE_ROUTES, MAIN_REMOTE_ROUTES, PUBLIC_REMOTE_ROUTES } from './app/routes';
import { loadRuntimeConfig } from './config';
import { loadRemotePage, registerAllRemotes } from './remotes';
import { clientsAtom, createClients } from './session/session';

/**
 * The page of the address the app opens on starts loading at once (its remote's manifest, entry and code), beside the
 * layout, the session check and the render, instead of after them. RemotePage then finds it loaded (the federation
 * runtime keeps it); a failure here is left to RemotePage's own load and its retry.
 */
function preloadOpeningPage() {
  let pathname: string;
  try {
    pathname = decodeURI(window.location.pathname);
  } catch {
    return; // a malformed address: the router sends it on to /
  }
  const route = [...MAIN_REMOTE_ROUTES, ...PUBLIC_REMOTE_ROUTES, ...ADMIN_REMOTE_ROUTES].find((candidate) => matchPath(candidate.path, pathname));
  if (route) loadRemotePage(route.remote, route.expose, false).catch(() => undefined);
}

async function start() {
  const rootElement = document.getElementById('root')!;
  const root = createRoot(rootElement);
  try {
    const config = await loadRuntimeConfig();
    registerAllRemotes(config);
    preloadOpeningPage();
    const store = createStore();
    store.set(clientsAtom, createClients(config.apiUrl));
    root.render(
      <StrictMode>
        <Provider store={store}>
          <App />
        </Provider>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    rootElement.innerHTML =
      '<div class="boot" role="alert">Klinik kunne ikke starte. Tjek din forbindelse og genindlæs siden.</div>';
  }
}

void start();
