/**
 * The schema-driven fuzzer's generator (used by fuzz.test.ts): valid-ish inputs made by walking an action's zod 4
 * input schema, then mutated the ways an attacker would (wrong types, `$`-operators, huge strings, deep nesting,
 * odd unicode, boundary numbers, extra and `__proto__` keys). Deterministic for a seed.
 */
import type { z } from 'zod';

type Def = { type: string; [key: string]: unknown };
type Schema = z.ZodType & { _zod: { def: Def; bag: Record<string, unknown> } };

/** A small seeded generator (mulberry32): the same seed gives the same run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof createRandom>;

/** What the generator may use for references: real ids of the caller's clinic and of another clinic. */
export interface IdPool {
  ids: string[];
}

const STRINGS = ['', 'a', 'Test Testesen', 'test@example.dk', '12345678', '010190', '1234', '2026-12-01', '10:00', '#3366ff', 'abc-def-ghi-jkl-mno', '0'];
const UNICODE = ['\u0000', '😀'.repeat(50), '\u202egnp.exe', 'Ærø Å ø', '\ud800', '<script>alert(1)</script>', '${7*7}', '../../etc/passwd', ' '.repeat(300)];
const NUMBERS = [0, 1, -1, 0.5, 45 * 60, 450, 2_700, 1e6, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 2 ** 31, 8_640_000_000_000_000];

function regexOf(schema: Schema): RegExp | undefined {
  const patterns = schema._zod.bag.patterns as Set<RegExp> | undefined;
  return patterns ? [...patterns][0] : undefined;
}

/** A value that fits `schema` as well as a walk can make it (regexes other than ids are guessed). */
export function generate(schema: Schema, random: Random, pool: IdPool, now: number, depth = 0): unknown {
  const def = schema._zod.def;
  const gen = (inner: unknown) => generate(inner as Schema, random, pool, now, depth + 1);
  switch (def.type) {
    case 'string': {
      const pattern = regexOf(schema)?.source ?? '';
      if (pattern.includes('a-f0-9]{24}') && pool.ids.length) return random.pick(pool.ids);
      const max = (schema as unknown as { maxLength: number | null }).maxLength ?? 50;
      return random.pick(STRINGS).slice(0, max);
    }
    case 'number':
    case 'int': {
      const bag = schema._zod.bag as { minimum?: number; maximum?: number };
      if (random.chance(0.4)) return now + random.int(30) * 86_400_000 + random.int(24) * 3_600_000;
      const value = random.pick(NUMBERS);
      return Math.min(Math.max(value, bag.minimum ?? -Infinity), bag.maximum ?? Infinity);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'enum':
      return random.pick(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return random.pick(def.values as unknown[]);
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, Schema>)) {
        const optional = value._zod.def.type === 'optional' || value._zod.def.type === 'default';
        if (optional && random.chance(0.4)) continue;
        out[key] = gen(value);
      }
      return out;
    }
    case 'array':
      return depth > 6 ? [] : Array.from({ length: random.int(3) + (random.chance(0.7) ? 1 : 0) }, () => gen(def.element));
    case 'record':
      return depth > 6 ? {} : { [String(gen(def.keyType))]: gen(def.valueType) };
    case 'tuple':
      return (def.items as unknown[]).map(gen);
    case 'optional':
      return random.chance(0.2) ? undefined : gen(def.innerType);
    case 'nullable':
      return random.chance(0.2) ? null : gen(def.innerType);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return gen(def.innerType);
    case 'pipe':
      return gen(def.in);
    case 'union':
      return gen(random.pick(def.options as unknown[]));
    case 'intersection':
      return { ...(gen(def.left) as object), ...(gen(def.right) as object) };
    case 'lazy':
      return depth > 6 ? null : gen((def.getter as () => unknown)());
    default:
      return null;
  }
}

function deep(levels: number): unknown {
  let value: unknown = 'bund';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** One hostile replacement for a value. */
function hostile(random: Random): unknown {
  const kinds: (() => unknown)[] = [
    () => ({ $gt: '' }),
    () => ({ $ne: null }),
    () => ({ $where: 'sleep(1000)' }),
    () => ({ $regex: '.*' }),
    () => 'x'.repeat(random.pick([1_000, 20_000, 200_000])),
    () => random.pick(UNICODE),
    () => random.pick([NaN, Infinity, -1, 1e308, -0, 2 ** 53 + 1, 0.1]),
    () => random.pick([true, false, null, [], {}, [1, 2], '1', 1]),
    () => deep(random.pick([20, 200, 2_000])),
    () => Array.from({ length: 5_000 }, () => 'a'),
    () => '000000000000000000000000',
    () => 'ffffffffffffffffffffffff',
  ];
  return random.pick(kinds)();
}

/** Mutates a generated input in place-free fashion: one to three places get hostile values or keys. */
export function mutate(input: unknown, random: Random): unknown {
  if (random.chance(0.1)) return hostile(random);
  if (input === null || typeof input !== 'object') return random.chance(0.5) ? hostile(random) : input;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(input) ? [...(input as unknown[])] : { ...(input as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const times = 1 + random.int(3);
  for (let i = 0; i < times; i++) {
    const choice = random.int(10);
    if (choice < 2) {
      // An extra key: an operator, a prototype key or a field that is not in the contract.
      // defineProperty: an own `__proto__` key, as JSON.parse makes it (plain assignment would set the prototype).
      Object.defineProperty(copy, random.pick(['$set', '__proto__', 'constructor', 'companyId', 'isAdmin', 'token2']), { value: hostile(random), enumerable: true, configurable: true, writable: true });
    } else if (keys.length) {
      const key = random.pick(keys);
      const current = (copy as Record<string, unknown>)[key];
      (copy as Record<string, unknown>)[key] = current !== null && typeof current === 'object' && random.chance(0.5) ? mutate(current, random) : hostile(random);
    }
  }
  return copy;
}
