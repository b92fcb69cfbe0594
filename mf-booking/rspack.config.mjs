import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleConfig, createStandaloneConfig } from '../tools/rspack/module-config.mjs';
import { exposes } from './src/expose.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));

const federated = createModuleConfig({ dir, name: 'mf_booking', kind: 'remote', exposes, budgetKb: 60, keepOutput: /(^|[\\/])embed([\\/]|$)/ });
// The standalone page for iframes: dist/embed/index.html?therapistId=… (≤ 100 KB gzip in total:
// docs/decisions/0023-prerendered-sign-in-and-a-standalone-booking-page.md).
// Its entry has a stable name, embed/bookingEntry.js, which the shell's /OnlineBooking loads too (src/embed/index.tsx).
const embed = createStandaloneConfig({ dir, name: 'mf_booking_embed', entry: './src/embed/index.tsx', template: './public/embed.html', folder: 'embed', budgetKb: 100, entryFile: 'bookingEntry.js' });

// Two builds in one: the CLI runs a multi-compiler when the function returns an array. The standalone page is
// built after the remote (dependencies), so the remote's clean of dist/ can never remove it; the keep pattern
// (checked against paths relative or absolute) covers a rebuild of the remote alone in watch mode.
export default (env, argv) => [federated(env, argv), { ...embed(env, argv), dependencies: ['mf_booking'] }];
