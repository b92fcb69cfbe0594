/** docs/actions.md, generated from the declarations: name, who may call it, plan gate, input fields, summary. */
import { accessLevelsOf, type ActionContract } from '../contract.js';
import { actions } from './index.js';

function inputFields(contract: ActionContract): string {
  const shape = (contract.input as unknown as { shape?: Record<string, unknown> }).shape;
  const keys = shape ? Object.keys(shape) : [];
  return keys.length ? keys.map((key) => `\`${key}\``).join(', ') : '–';
}

export function actionCatalogueMarkdown(): string {
  const rows = Object.entries(actions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, contract]) => `| \`${name}\` | ${accessLevelsOf(contract).join(', ')} | ${contract.plan ?? '–'} | ${inputFields(contract)} | ${contract.summary} |`);
  return [
    '# Actions',
    '',
    'Generated from the declarations in `core/src/actions/` by `npm run docs:actions`; a test fails when this file is',
    'out of date. Every call is `POST /api` with `{ token?, action, ...input }` (spec 1 §7). Access levels: `public`',
    '(no token), `therapist` (any signed-in therapist), `owner` (a therapist with isAdmin), `superadmin` (admin token),',
    '`team` (support-team token).',
    '',
    '| action | access | plan | input | what it does |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
