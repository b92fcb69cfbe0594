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
  // Shared async chunks only from 200 KB: Rspack's default (20 KB) cut the Fluent code the pages share into chunks by
  // which pages use them, so one page's new import re-cut another page's chunks (adding /AdministrerTerapeut put
  // /Abonnement/{id} 3 KB over its budget without a change of its own). Each page's first load now holds what it uses.
  asyncSplitMinBytes: 200_000,
  // The video guides of /Videovejledninger, recorded from the product (e2e: npm run guides:record).
  copy: [{ from: 'guides', to: 'guides' }],
});
