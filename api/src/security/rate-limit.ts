/**
 * Rate limits for the sign-in and reset actions, kept in the database (rate-limiter-flexible's Mongo store) so
 * that every API process counts the same attempts.
 */
import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { messages } from '@klinik/core/rules';
import type { RateLimitRule } from '../config.js';
import { TooManyRequestsError } from '../errors.js';

export interface RateLimiter {
  /** Counts one attempt under `rule` for `key`; throws 429 when the rule's allowance is used up. */
  consume(rule: string, key: string): Promise<void>;
  /** Forgets the attempts of `key` (after a successful sign-in). */
  reset(rule: string, key: string): Promise<void>;
  has(rule: string): boolean;
}

const COLLECTION = 'ratelimits';

export async function createRateLimiter(conn: Connection, rules: Record<string, RateLimitRule>): Promise<RateLimiter> {
  const db = conn.db;
  if (!db) throw new Error('Database connection is not open');
  // The library's own index creation adds a TTL index, which FerretDB's SQLite backend does not expire;
  // expired windows are replaced in place by the library and swept by the cleanup job instead.
  await db.collection(COLLECTION).createIndex({ key: 1 }, { unique: true });
  const limiters = new Map<string, RateLimiterMongo>();
  for (const [name, rule] of Object.entries(rules)) {
    limiters.set(
      name,
      new RateLimiterMongo({
        storeClient: db,
        tableName: COLLECTION,
        keyPrefix: `rl:${name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        disableIndexesCreation: true,
      }),
    );
  }
  return {
    has: (rule) => limiters.has(rule),
    async consume(rule, key) {
      const limiter = limiters.get(rule);
      if (!limiter) return;
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new TooManyRequestsError(messages.tooManyRequests, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        throw rejection;
      }
    },
    async reset(rule, key) {
      await limiters.get(rule)?.delete(key);
    },
  };
}

/** Removes windows that ended more than a day ago. */
export async function sweepRateLimits(conn: Connection, now: number): Promise<number> {
  const result = await conn.db!.collection(COLLECTION).deleteMany({ expire: { $lt: new Date(now - 24 * 60 * 60 * 1000) } });
  return result.deletedCount;
}
