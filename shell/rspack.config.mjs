import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig, createPrerenderedPageConfigs } from '../tools/rspack/module-config.mjs';

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
  ],
  appFiles: { file: 'app-files.json', extraGroups: ['main-layout', 'remote-page'] },
  // The sign-in page's files (below) are written by the next build into the same folder.
  keepOutput: /(^|[\\/])(index\.html|signin[.-][^\\/]*)$/,
});

/**
 * The sign-in page (`/`): index.html with the form prerendered into it, hydrated by a small script without
 * federation (signin/island.tsx). Budget: all of its JavaScript.
 */
const signIn = createPrerenderedPageConfigs({
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

export default (env, argv) => [app(env, argv), ...signIn(env, argv)];
