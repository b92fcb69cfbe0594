import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig } from '../tools/rspack/module-config.mjs';
import { exposes } from './src/expose.ts';

export default createModuleConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_clients',
  kind: 'remote',
  exposes,
  budgetKb: 60,
  // One async chunk per page instead of chunks shared between pages: a new page's imports (Contact) otherwise
  // re-cut the shared chunks and push ClientData and NewClientForm over budget
  // (docs/decisions/0024-gzip-budgets-and-shared-subsets.md).
  asyncSplitMinBytes: 1_000_000_000,
});
