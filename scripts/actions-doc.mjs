/** `npm run docs:actions`: writes docs/actions.md from the action declarations in @klinik/core. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'core']);
const { actionCatalogueMarkdown } = await import(path.join(root, 'core', 'dist', 'actions', 'catalogue.js'));
writeFileSync(path.join(root, 'docs', 'actions.md'), actionCatalogueMarkdown());
console.log('docs/actions.md written');
