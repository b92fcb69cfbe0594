/**
 * The policy each action declares on its contract (core/src/contract.ts): the API reads it from there and from
 * nowhere else, so a missing or misplaced declaration is found here, not in production.
 */
import { z } from 'zod';
import { accessLevelsOf, defineAction, messageAnswer, noInput, type ActionContract } from '../contract.js';
import { actions } from './index.js';

const declared = Object.entries(actions) as [string, ActionContract][];
const allowing = (level: string) => declared.filter(([, contract]) => accessLevelsOf(contract).includes(level as never));
const names = (entries: [string, ActionContract][]) => entries.map(([name]) => name);

it('every action anyone may call declares a rate limit', () => {
  expect(names(allowing('public').filter(([, contract]) => !contract.rateLimit))).toEqual([]);
  // The type says so too: a public declaration without one does not compile (the line below must stay an error).
  // @ts-expect-error -- public access without `rateLimit`
  defineAction({ access: 'public', summary: 'x', input: noInput, output: messageAnswer });
  defineAction({ access: 'therapist', summary: 'x', input: noInput, output: messageAnswer });
});

it('every declared rate limit is a positive whole allowance over a positive window', () => {
  for (const [name, contract] of declared.filter(([, contract]) => contract.rateLimit)) {
    const { points, durationSeconds } = contract.rateLimit!;
    expect({ name, points: Number.isInteger(points) && points > 0, window: Number.isInteger(durationSeconds) && durationSeconds > 0 }).toEqual({ name, points: true, window: true });
  }
});

it('every action an administrator may call says what its audit row is about, by a field its input has', () => {
  const administrators = allowing('superadmin');
  expect(names(administrators.filter(([, contract]) => !contract.audit))).toEqual([]);
  for (const [name, contract] of administrators) {
    const field = contract.audit!.company;
    if (field === null) continue;
    const [top, nested] = field.split('.') as [string, string | undefined];
    const shape = (contract.input as unknown as z.ZodObject).shape;
    let schema = shape[top] as z.ZodType | undefined;
    if (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
    if (nested && schema instanceof z.ZodObject) schema = schema.shape[nested] as z.ZodType | undefined;
    expect({ name, field, found: schema !== undefined }).toEqual({ name, field, found: true });
  }
  // @ts-expect-error -- an administrator action without `audit`
  defineAction({ access: 'superadmin', summary: 'x', input: noInput, output: messageAnswer });
});

it('files, mails to typed addresses and the subscription exemption are declared only where they can apply', () => {
  // A file is stored only after its caller was checked: an action anyone may call never takes one.
  expect(names(declared.filter(([, contract]) => contract.uploads && accessLevelsOf(contract).includes('public')))).toEqual([]);
  // The e-mail confirmation and the mail budget are a clinic's: only a therapist's action can declare them.
  const clinicOnly = (contract: ActionContract) => accessLevelsOf(contract).every((level) => level === 'therapist' || level === 'owner');
  expect(names(declared.filter(([, contract]) => contract.mailsTypedAddresses && !clinicOnly(contract)))).toEqual([]);
  expect(names(declared.filter(([, contract]) => contract.mailsTypedAddresses)).sort()).toEqual(
    ['addClient', 'addTherapistByCompany', 'invoiceMail', 'sendInvoiceReminder', 'sendNewsletterToAll', 'sendNewsletterToSelection'],
  );
  expect(names(declared.filter(([, contract]) => contract.worksWithoutSubscription && !accessLevelsOf(contract).includes('therapist')))).toEqual([]);
  // What a colleague without a running subscription may still do: see who they are, and sign out.
  expect(names(declared.filter(([, contract]) => contract.worksWithoutSubscription)).sort()).toEqual(['getTherapist', 'logout']);
});

/**
 * The answer keys that mean a client's health data: CPR numbers, intake answers, journal texts, Stamjournal fields
 * and comments, images, the change history, an invoice's journal lines. An answer whose shape cannot be read (a
 * record of anything) counts too.
 */
const HEALTH_KEYS = new Set(['CPR6Digit', 'CPRLast4Digit', 'CPR', 'intakeAnswers', 'effect', 'remark', 'commentable', 'customFieldName', 'imageUrl', 'previous', 'stamJournal']);
type Def = { type: string; [key: string]: unknown };
type Walked = z.ZodType & { _zod: { def: Def } };

/** The health-data keys an answer's schema can carry (`{}` for a record, whose keys nobody declared). */
export function healthKeysOf(schema: Walked, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const inner = (key: string) => healthKeysOf(def[key] as Walked, seen);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, Walked>).flatMap(([key, value]) => [...(HEALTH_KEYS.has(key) ? [key] : []), ...healthKeysOf(value, seen)]);
    case 'array':
      return inner('element');
    case 'record':
      return ['{}'];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'union':
      return (def.options as Walked[]).flatMap((option) => healthKeysOf(option, seen));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'lazy':
      return healthKeysOf((def.getter as () => Walked)(), seen);
    default:
      return [];
  }
}

it('every action whose answer carries client health data logs the read, or says why it is no read', () => {
  const carrying = declared.filter(([, contract]) => healthKeysOf(contract.output as unknown as Walked).length > 0);
  expect(names(carrying.filter(([, contract]) => !contract.accessLog))).toEqual([]);
  // The walker finds the actions it must: a client record, a journal, images, invoices, the portal's export.
  expect(names(carrying)).toEqual(expect.arrayContaining(['getClient', 'getJournalsFromClient', 'getImages', 'getInvoice', 'getClientHistory', 'clientPortalExport']));
  for (const [name, contract] of declared.filter(([, contract]) => contract.accessLog)) {
    const policy = contract.accessLog!;
    // An exemption says why in words.
    if ('exempt' in policy) expect({ name, why: policy.exempt.length > 20 }).toEqual({ name, why: true });
  }
});

it('finds health data wherever an answer carries it (the walker itself)', () => {
  const nested = z.strictObject({ data: z.array(z.strictObject({ client: z.strictObject({ CPR: z.string() }).nullable() })) });
  expect(healthKeysOf(nested as unknown as Walked)).toEqual(['CPR']);
  expect(healthKeysOf(z.strictObject({ data: z.record(z.string(), z.unknown()) }) as unknown as Walked)).toEqual(['{}']);
  expect(healthKeysOf(messageAnswer as unknown as Walked)).toEqual([]);
});
