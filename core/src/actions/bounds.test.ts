/**
 * Every list and every text an action takes is bounded (request sizes have limits on every action): the
 * test walks each action's input schema and names every array without `.max()`, every string without a maximum
 * length and every record, so a new action cannot take an unbounded list or text.
 */
import type { z } from 'zod';
import { actions } from './index.js';

type Def = { type: string; [key: string]: unknown };
type Schema = z.ZodType & { _zod: { def: Def } };

/** The unbounded places in `schema`, as paths like `bookings[].note`. */
export function unboundedPlaces(schema: Schema, at = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const inner = (key: string, suffix = '') => unboundedPlaces(def[key] as Schema, at + suffix, seen);
  switch (def.type) {
    case 'string': {
      const max = (schema as unknown as { maxLength: number | null }).maxLength;
      return max === null || max === undefined ? [at || '(input)'] : [];
    }
    case 'array': {
      const bounded = ((def.checks ?? []) as { _zod: { def: { check: string } } }[]).some((check) => check._zod.def.check === 'max_length' || check._zod.def.check === 'length_equals');
      return [...(bounded ? [] : [`${at}[]`]), ...inner('element', '[]')];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, value]) => unboundedPlaces(value, at ? `${at}.${key}` : key, seen));
    case 'record':
      return [`${at}{}`, ...inner('valueType', '{}')];
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
      return (def.options as Schema[]).flatMap((option) => unboundedPlaces(option, at, seen));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'tuple':
      return (def.items as Schema[]).flatMap((item, i) => unboundedPlaces(item, `${at}[${i}]`, seen));
    case 'lazy':
      return unboundedPlaces((def.getter as () => Schema)(), at, seen);
    default:
      return [];
  }
}

it('every array and string in every action input has a maximum', () => {
  const offenders = Object.entries(actions).flatMap(([name, contract]) => unboundedPlaces(contract.input as unknown as Schema).map((place) => `${name}: ${place}`));
  expect(offenders).toEqual([]);
});

it('finds an unbounded array, string and record (the walker itself)', async () => {
  const { z } = await import('zod');
  const schema = z.strictObject({ a: z.array(z.string().max(3)), b: z.string().optional(), c: z.record(z.string().max(2), z.number()), d: z.array(z.number()).max(2) });
  expect(unboundedPlaces(schema as unknown as Schema)).toEqual(['a[]', 'b', 'c{}']);
});
