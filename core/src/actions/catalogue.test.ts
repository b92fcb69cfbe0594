import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { actionCatalogueMarkdown } from './catalogue.js';

it('docs/actions.md matches the action declarations (run npm run docs:actions)', () => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'actions.md');
  expect(readFileSync(file, 'utf8')).toBe(actionCatalogueMarkdown());
});
