import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig } from '../tools/rspack/module-config.mjs';
import { exposes } from './src/expose.ts';

export default createModuleConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_commerce',
  kind: 'remote',
  exposes,
  budgetKb: 60,
  // The video guides of /Videovejledninger, recorded from the product (e2e: npm run guides:record).
  copy: [{ from: 'guides', to: 'guides' }],
});
