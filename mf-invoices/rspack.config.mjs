import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig } from '../tools/rspack/module-config.mjs';
import { exposes } from './src/expose.ts';

export default createModuleConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_invoices',
  kind: 'remote',
  exposes,
  budgetKb: 60,
  // Each page's first load holds what it uses: with two exposes, Rspack's default re-cuts shared chunks (see mf-commerce).
  asyncSplitMinBytes: 200_000,
});
