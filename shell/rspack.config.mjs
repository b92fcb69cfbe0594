import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig, createPageConfigs } from '../tools/rspack/module-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The federated app: its document is app.html, which the static server answers for every path but `/` (the first
 * page after sign-in, deep links, reloads). Budget: what its first page loads before any remote.
 */
const app = createModuleConfig({
  dir,
  name: 'shell',
  kind: 'host',
  html: 'app.html',
  budgetKb: 200,
  initialGroups: ['bootstrap'],
  // What every page loads of the shared singletons; the full core (schemas and zod) and the time-zone code arrive
  // with the first page that needs them.
  initialShared: [
    'react',
    'react/jsx-runtime',
    'react-dom/client',
    'react-router-dom',
    'jotai',
    '@klinik/core/rules',
    '@klinik/core/client',
    '@fluentui/react-shared-contexts',
    '@fluentui/react-provider',
    '@fluentui/react-tabster',
    '@griffel/react',
    '@fluentui/react-utilities',
    '@fluentui/tokens',
  ],
  appFiles: {
    file: 'app-files.json',
    extraGroups: ['main-layout', 'remote-page'],
    // The opening page's first calls (app/opening-calls.ts) are preloaded right after the entry: their code, the API
    // client's ky and the shared modules they import.
    first: { groups: ['opening-calls', 'ky'], shared: ['@klinik/core/client', '@klinik/core/rules', '@klinik/core/time'] },
  },
  // The other documents' files (below) are written by the next builds into the same folder.
  keepOutput: /(^|[\\/])(index\.html|OnlineBooking\.html|MineTider\.html|signin[.-][^\\/]*|public-booking[.-][^\\/]*|mine-tider[.-][^\\/]*)$/,
});

/**
 * The sign-in page (`/`): index.html with the form prerendered into it, hydrated by a small script without
 * federation (signin/island.tsx). Budget: all of its JavaScript.
 */
const signIn = createPageConfigs({
  dir,
  name: 'signin',
  after: 'shell',
  entry: './src/signin/island.tsx',
  prerender: './src/signin/prerender.tsx',
  template: './public/index.html',
  filename: 'index.html',
  css: 'src/signin/signin.css',
  appFiles: 'app-files.json',
  budgetKb: 100,
});

/**
 * The public booking page (`/OnlineBooking`): OnlineBooking.html, whose script starts mf-booking's standalone page
 * (src/public-booking/start.ts). Budget: its own script (the wizard's are mf-booking's standalone budget).
 */
const publicBooking = createPageConfigs({
  dir,
  name: 'public-booking',
  after: 'shell',
  entry: './src/public-booking/start.ts',
  template: './public/online-booking.html',
  filename: 'OnlineBooking.html',
  budgetKb: 5,
});

/**
 * 'Mine tider' (`/MineTider`), the page the links in clients' mails open cold on a phone: MineTider.html, mf-booking's
 * portal heading and e-mail form prerendered into it (mf-booking/src/portal/cold/), whose small script starts the
 * federated app (the same files as app.html) to take the page over: at once for a mailed sign-in link or a session,
 * else on the client's first interaction. Budget: its own script.
 */
const minePages = createPageConfigs({
  dir,
  name: 'mine-tider',
  after: 'shell',
  entry: '../mf-booking/src/portal/cold/island.ts',
  prerender: '../mf-booking/src/portal/cold/prerender.tsx',
  template: './public/mine-tider.html',
  filename: 'MineTider.html',
  css: '../mf-booking/src/portal/cold/cold.css',
  appFiles: 'app-files.json',
  budgetKb: 5,
});

export default (env, argv) => [app(env, argv), ...signIn(env, argv), ...publicBooking(env, argv), ...minePages(env, argv)];
