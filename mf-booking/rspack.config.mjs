import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig } from '../tools/rspack/module-config.mjs';
import { exposes } from './src/expose.ts';

export default createModuleConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_booking',
  kind: 'remote',
  exposes,
  budgetKb: 60,
});
