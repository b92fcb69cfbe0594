/**
 * For a deployment that serves the shell's files as they are (a CDN): writes the environment's runtime config into
 * the app's documents, as scripts/static.mjs does when it serves them, so the app does not wait a round trip for
 * config.json. Run it after copying the build and before uploading; `config.json` stays beside them
 * (the sign-in form and a document without the config still fetch it). docs/deploy.md.
 *
 *   node scripts/inline-config.mjs <config.json> <the shell's dist folder>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeCompressedTwins } from './build.mjs';
import { inlineRuntimeConfig } from './static.mjs';

/** The shell's documents that read the runtime config. */
export const CONFIG_DOCUMENTS = ['app.html', 'OnlineBooking.html', 'MineTider.html'];

/** Rewrites each document in `dir` with `config` in it, and its .gz and .br twins as the build writes them (the servers prefer those). */
export function writeConfigIntoDocuments(dir, config, documents = CONFIG_DOCUMENTS) {
  for (const name of documents) {
    const file = path.join(dir, name);
    const html = Buffer.from(inlineRuntimeConfig(readFileSync(file, 'utf8'), config));
    writeFileSync(file, html);
    writeCompressedTwins(file, html);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [configFile, dir] = process.argv.slice(2);
  if (!configFile || !dir) {
    console.error('usage: node scripts/inline-config.mjs <config.json> <the shell\'s dist folder>');
    process.exit(2);
  }
  writeConfigIntoDocuments(dir, JSON.parse(readFileSync(configFile, 'utf8')));
  console.log(`runtime config written into ${CONFIG_DOCUMENTS.join(', ')} in ${dir}`);
}
