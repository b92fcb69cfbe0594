/** Start-up: runtime config, remotes registered, API clients made; then the app renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import { App } from './app/App';
import { loadRuntimeConfig } from './config';
import { registerAllRemotes } from './remotes';
import { clientsAtom, createClients } from './session/session';

async function start() {
  const rootElement = document.getElementById('root')!;
  const root = createRoot(rootElement);
  try {
    const config = await loadRuntimeConfig();
    registerAllRemotes(config);
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
