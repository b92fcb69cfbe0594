/**
 * The singletons every module shares through Module Federation, declared once. React must load exactly once;
 * Fluent UI shares only its context packages and the two every component builds on, `react-utilities` and `tokens`
 * (sharing the whole component set would disable tree-shaking and put ~320 KB gzip into the shell's first load), and
 * each module bundles the components it uses (of `tokens` only the names they use: fluent-tokens.mjs). Sharing those
 * two cost the shell's first load 5.7 KB gzip (whole packages, when measured) and saved every remote page about
 * 6 KB; it also took the calendar page's last file off its chain: a remote's file that holds code of a shared
 * package's fallback is left out of its page's list in the federation manifest, so the opening page's preload missed
 * it and the page fetched it only after its entry had run.
 * `@klinik/core/messages` (constant texts) is deliberately not shared: each module bundles what it uses, and
 * the shell's first page does not carry another singleton's registration.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths.mjs';

/** The installed version, read from the hoisted package (not every package exports its package.json). */
function versionOf(name) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

function singleton(name, packageName = name) {
  const version = versionOf(packageName);
  return [name, { singleton: true, requiredVersion: `^${version}`, version }];
}

export const SHARED = Object.fromEntries([
  singleton('react'),
  singleton('react/jsx-runtime', 'react'),
  singleton('react-dom'),
  singleton('react-dom/client', 'react-dom'),
  singleton('react-router-dom'),
  singleton('jotai'),
  singleton('@klinik/core'),
  singleton('@klinik/core/rules', '@klinik/core'),
  singleton('@klinik/core/time', '@klinik/core'),
  singleton('@klinik/core/client', '@klinik/core'),
  singleton('@fluentui/react-shared-contexts'),
  singleton('@fluentui/react-provider'),
  singleton('@fluentui/react-tabster'),
  singleton('@griffel/react'),
  singleton('@fluentui/react-utilities'),
  singleton('@fluentui/tokens'),
]);
