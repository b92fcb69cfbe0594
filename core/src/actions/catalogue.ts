/** docs/actions.md, generated from the declarations: name, who may call it, plan gate, policy, input fields, summary. */
import { accessLevelsOf, type ActionContract } from '../contract.js';
import { actions } from './index.js';

function inputFields(contract: ActionContract): string {
  const shape = (contract.input as unknown as { shape?: Record<string, unknown> }).shape;
  const keys = shape ? Object.keys(shape) : [];
  return keys.length ? keys.map((key) => `\`${key}\``).join(', ') : '–';
}

function duration(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The policy the contract declares, in a few words (core/src/contract.ts). */
function policy(contract: ActionContract): string {
  const parts: string[] = [];
  if (contract.rateLimit) parts.push(`${contract.rateLimit.points} / ${duration(contract.rateLimit.durationSeconds)} per address`);
  if (contract.uploads) parts.push(`files: ${contract.uploads.files} × ${megabytes(contract.uploads.fileBytes)}`);
  if (contract.mailsTypedAddresses) parts.push('mails typed addresses');
  if (contract.audit) parts.push(contract.audit.company ? `audited (\`${contract.audit.company}\`)` : 'audited');
  if (contract.worksWithoutSubscription) parts.push('works without subscription');
  return parts.join('; ') || '–';
}

export function actionCatalogueMarkdown(): string {
  const rows = Object.entries(actions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, contract]) =>
        `| \`${name}\` | ${accessLevelsOf(contract).join(', ')} | ${contract.plan ?? '–'} | ${policy(contract)} | ${inputFields(contract)} | ${contract.summary} |`,
    );
  return [
    '# Actions',
    '',
    'Generated from the declarations in `core/src/actions/` by `npm run docs:actions`; a test fails when this file is',
    'out of date. Every call is `POST /api` with `{ token?, action, ...input }` (spec 1 §7). Access levels: `public`',
    '(no token), `therapist` (any signed-in therapist), `owner` (a therapist with isAdmin), `superadmin` (admin token),',
    '`team` (support-team token). Policy (declared on the contract, read by the API from there): the rate limit per',
    'caller address, the files it takes, whether it mails addresses the therapist typed (needs the confirmed clinic',
    "e-mail), the administrator audit (and the input field naming the company), and whether it works for a colleague",
    'whose own subscription is not running.',
    '',
    '| action | access | plan | policy | input | what it does |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
