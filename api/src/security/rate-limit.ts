/**
 * Rate limits (docs/decisions/0008-rate-limits-as-numbered-seats.md), kept in the database so that every API process
 * counts the same attempts, and exact under parallel requests on every MongoDB-protocol server.
 *
 * An allowance of `points` per window is `points` numbered seats, documents whose `_id` is
 * `<rule>|<key>|<window>|<n>`; an attempt is allowed when it takes a seat (an insert: of two racing for one seat, the
 * unique `_id` lets exactly one win, and the other tries the next). The windows are fixed, aligned to the epoch, so
 * every process agrees on them without asking; Retry-After says when the current one ends. A fixed window lets up to
 * twice the allowance through around its end, the usual price of the fixed-window method, and fine for limits
 * that are there to make guessing slow.
 *
 * Why not rate-limiter-flexible's Mongo store, which this replaced: it counts with
 * `findOneAndUpdate` + `$inc`, which MongoDB makes atomic but FerretDB 1.24 (the embedded default) does not: it reads,
 * adds and writes back with no re-check (../shared/research/ferretdb-1.24.md), so 24 parallel attempts through two
 * processes were all let through an allowance of 10 (`api/test/two-processes.test.ts`). An insert under `_id`
 * uniqueness is the one write both decide alike, the pattern every race here rests on (data/concurrency/).
 *
 * A rule with `backoff` (sign-in per account and address prefix, domain/accounts/throttle.ts) slows down instead of
 * stopping: its first `points` seats are free, and each further seat may be taken only when the growing delay after
 * the seat before it has passed (each seat records when it was taken). Two attempts racing for the same seat still
 * meet at the insert; the loser then finds the next seat's delay just started. A refused attempt takes no seat, so
 * hammering does not push the delay further out.
 */
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { messages } from '@klinik/core/rules';
import type { RateLimitRule } from '../config.js';
import { isDuplicateKeyError, TooManyRequestsError } from '../errors.js';

export interface RateLimiter {
  /** Counts one attempt under `rule` for `key`; throws 429 when the rule's allowance is used up. */
  consume(rule: string, key: string): Promise<void>;
  /** Forgets the attempts of `key` in the current window (after a successful sign-in). */
  reset(rule: string, key: string): Promise<void>;
  has(rule: string): boolean;
  /**
   * A value that changes each time `clearScope(scope)` runs. Keys that carry it are all forgotten at once by one
   * clear, without knowing them: a password reset clears the account's sign-in throttle for every address prefix.
   */
  scopeGeneration(scope: string): Promise<string>;
  clearScope(scope: string): Promise<void>;
}

interface Seat {
  _id: string;
  /** The end of the seat's window: the sweeper removes seats a day after it. */
  expire: Date;
  /** When the seat was taken (rules with `backoff`: the next seat's delay counts from here). */
  at?: number;
  /** A scope's generation (`generation|<scope>`, same collection, same sweeper). */
  generation?: string;
}

/** How long a scope's generation is kept after a clear: longer than any series a clear must end. */
const GENERATION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The delay before the `seat`-th attempt of a window of a rule with backoff (seat > points). */
export function backoffDelayMs(rule: RateLimitRule, seat: number): number {
  if (!rule.backoff || seat <= rule.points) return 0;
  const { firstDelaySeconds, maxDelaySeconds } = rule.backoff;
  return Math.min(firstDelaySeconds * 2 ** Math.min(seat - rule.points - 1, 30), maxDelaySeconds) * 1000;
}

/** How many seats a window of `rule` can hold: the allowance, plus the delayed seats that fit into one window. */
function capacity(rule: RateLimitRule): number {
  // A backoff without a delay would be no limit at all: such a rule stops at its allowance instead.
  if (!rule.backoff || rule.backoff.firstDelaySeconds <= 0 || rule.backoff.maxDelaySeconds <= 0) return rule.points;
  let waited = 0;
  let seat = rule.points + 1;
  for (; waited + backoffDelayMs(rule, seat) <= rule.durationSeconds * 1000; seat += 1) waited += backoffDelayMs(rule, seat);
  return seat;
}

const COLLECTION = 'ratelimitseats';
/** The collection of rate-limiter-flexible's windows from before the numbered seats, dropped by the sweeper. */
const LEGACY_COLLECTION = 'ratelimits';

/**
 * Per window (`<rule>|<key>|<window>|`), the lowest seat number this process has not seen taken. Seats are taken
 * lowest first, so skipping the ones seen taken saves an allowance that fills up one failing insert per seat. A
 * reset by another process (seats deleted) is noticed when this process finds the allowance used up: it then looks
 * whether seat 1 is free again. Below that, a reset elsewhere only leaves this process counting on from where it
 * was, erring on the side of counting. Bounded: cleared when it grows large.
 */
const firstMaybeFree = new Map<string, number>();

export async function createRateLimiter(conn: Connection, rules: Record<string, RateLimitRule>, now: () => number): Promise<RateLimiter> {
  const db = conn.db;
  if (!db) throw new Error('Database connection is not open');
  const seats = db.collection<Seat>(COLLECTION);
  const isTaken = async (id: string) => (await seats.findOne({ _id: id }, { projection: { _id: 1 } })) !== null;

  /** The first free seat of a window (seats 1 … points are taken in order, so a binary search over `isTaken`). */
  async function firstFree(prefix: string, points: number, backoff = false): Promise<number> {
    const hinted = firstMaybeFree.get(prefix);
    // With backoff the seat before decides the delay: a reset elsewhere must not leave this process counting on.
    if (hinted !== undefined && backoff && (hinted === 1 || (await isTaken(`${prefix}${hinted - 1}`)))) return hinted;
    if (hinted !== undefined && !backoff && (hinted <= points || (await isTaken(`${prefix}1`)))) return hinted;
    if (!(await isTaken(`${prefix}1`))) return 1;
    let low = 1; // taken
    let high = points + 1; // free, or past the allowance
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await isTaken(`${prefix}${middle}`)) low = middle;
      else high = middle;
    }
    return high;
  }

  const windowOf = (rule: RateLimitRule, at: number) => {
    const length = rule.durationSeconds * 1000;
    const index = Math.floor(at / length);
    return { index, end: (index + 1) * length };
  };

  return {
    has: (rule) => rules[rule] !== undefined,
    async consume(ruleName, key) {
      const rule = rules[ruleName];
      if (!rule) return;
      const at = now();
      const window = windowOf(rule, at);
      const prefix = `${ruleName}|${key}|${window.index}|`;
      const seatsInWindow = capacity(rule);
      if (firstMaybeFree.size > 50_000) firstMaybeFree.clear();
      for (let seat = await firstFree(prefix, seatsInWindow, rule.backoff !== undefined); seat <= seatsInWindow; seat += 1) {
        if (seat > rule.points) {
          const before = await seats.findOne({ _id: `${prefix}${seat - 1}` }, { projection: { at: 1 } });
          const wait = (before?.at ?? -Infinity) + backoffDelayMs(rule, seat) - at;
          if (wait > 0) {
            firstMaybeFree.set(prefix, seat);
            throw new TooManyRequestsError(messages.tooManyRequests, Math.max(1, Math.ceil(Math.min(wait, window.end - at) / 1000)));
          }
        }
        try {
          await seats.insertOne({ _id: `${prefix}${seat}`, expire: new Date(window.end), ...(rule.backoff ? { at } : {}) });
          firstMaybeFree.set(prefix, seat + 1);
          return;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      firstMaybeFree.set(prefix, seatsInWindow + 1);
      throw new TooManyRequestsError(messages.tooManyRequests, Math.max(1, Math.ceil((window.end - at) / 1000)));
    },
    async reset(ruleName, key) {
      const rule = rules[ruleName];
      if (!rule) return;
      const prefix = `${ruleName}|${key}|${windowOf(rule, now()).index}|`;
      firstMaybeFree.delete(prefix);
      const taken = (await firstFree(prefix, capacity(rule), rule.backoff !== undefined)) - 1;
      // By `_id`, one at a time in parallel: a filter on anything else scans the collection on FerretDB.
      await Promise.all(Array.from({ length: taken }, (_, index) => seats.deleteOne({ _id: `${prefix}${index + 1}` })));
    },
    async scopeGeneration(scope) {
      const found = await seats.findOne({ _id: `generation|${scope}` }, { projection: { generation: 1 } });
      return found?.generation ?? '0';
    },
    async clearScope(scope) {
      // A random generation, written by `_id`: of two clears at once either one wins, and both end the old keys.
      const generation = randomBytes(8).toString('hex');
      await seats.updateOne({ _id: `generation|${scope}` }, { $set: { generation, expire: new Date(now() + GENERATION_LIFETIME_MS) } }, { upsert: true });
    },
  };
}

/** Removes seats of windows that ended more than a day ago, a batch at a time, and the limiter's old collection. */
export async function sweepRateLimits(conn: Connection, now: number): Promise<number> {
  const db = conn.db!;
  const seats = db.collection<Seat>(COLLECTION);
  let removed = 0;
  for (;;) {
    const ids = (await seats.find({ expire: { $lt: new Date(now - 24 * 60 * 60 * 1000) } }, { projection: { _id: 1 } }).limit(500).toArray()).map((seat) => seat._id);
    if (ids.length === 0) break;
    removed += (await seats.deleteMany({ _id: { $in: ids } })).deletedCount;
  }
  if ((await db.listCollections({ name: LEGACY_COLLECTION }, { nameOnly: true }).toArray()).length > 0) await db.dropCollection(LEGACY_COLLECTION);
  return removed;
}
