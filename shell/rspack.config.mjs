import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig } from '../tools/rspack/module-config.mjs';

export default createModuleConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'shell',
  kind: 'host',
  budgetKb: 200,
  initialGroups: ['bootstrap', 'login'],
  // What the login page loads of the shared singletons; the full core (schemas and zod) and the time-zone
  // code arrive with the first page that needs them.
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
});
