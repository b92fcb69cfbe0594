/** Start-up: runtime config, remotes registered, API clients made; then the app renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import { matchPath } from 'react-router-dom';
import { AdminLayout, App, MainLayout, RemotePage, openingShellParts } from './app/App';
import { prefetchOpeningCalls } from './app/opening-calls';
import { ADMIN_REMOTE_ROUTES, MAIN_REMOTE_ROUTES, PUBLIC_REMOTE_ROUTES, openingRoute } from './app/routes';
import { loadRuntimeConfig } from './config';
import { loadRemotePage, registerAllRemotes } from './remotes';
import { clientsFor } from './session/clients';
import { clientsAtom } from './session/session';
import { readSession } from './session/storage';

async function start() {
  const rootElement = document.getElementById('root')!;
  const root = createRoot(rootElement);
  try {
    const config = await loadRuntimeConfig();
    registerAllRemotes(config);
    const clients = clientsFor(config.apiUrl);
    // The page the app opens on starts loading at once (its remote's code, and its first data), beside the layout,
    // the session check and the render, instead of after them. RemotePage then finds the code loaded (the federation
    // runtime keeps it; a failure here is left to RemotePage's own load and its retry), the page its first answers.
    const opening = openingRoute([...MAIN_REMOTE_ROUTES, ...PUBLIC_REMOTE_ROUTES, ...ADMIN_REMOTE_ROUTES], (path, pathname) => matchPath(path, pathname) !== null);
    const openingPage = opening ? loadRemotePage(opening.remote, opening.page, false).catch(() => undefined) : null;
    const main = opening !== null && MAIN_REMOTE_ROUTES.includes(opening);
    prefetchOpeningCalls(clients.therapist, main ? opening : null, readSession());
    // The opening page's layout and remote loader (shell files the document preloads), or the shell's own page, are in
    // before the first render, so they render at once (ui/src/partOnDemand.tsx); a failure is left to their
    // own load in the render.
    const parts = opening ? [RemotePage, ...(main ? [MainLayout] : ADMIN_REMOTE_ROUTES.includes(opening) ? [AdminLayout] : [])] : openingShellParts(window.location.pathname);
    // A document that painted the page itself (MineTider.html, prerendered) keeps that paint until the page's code is
    // in, rather than a spinner in between.
    const prerendered = rootElement.hasAttribute('data-prerendered') && openingPage ? [openingPage] : [];
    await Promise.all([...parts.map((part) => part.preload().catch(() => undefined)), ...prerendered]);
    const store = createStore();
    store.set(clientsAtom, clients);
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
