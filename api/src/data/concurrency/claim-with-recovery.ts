/**
 * Claim with orphan recovery: a step that must happen once (version n of a journal, the invoice of a booking) is
 * claimed by inserting a document with a deterministic `_id`; `_id` uniqueness decides a race on every
 * MongoDB-protocol server (FerretDB 1.24 included, where conditional updates are not atomic).
 *
 * Every claim carries a `holder`: a random token of the request that made it. Only that request lets its claim go
 * (`release` filters on the token), so a slow request can never delete a claim another request has since taken.
 *
 * A claim whose request was cut off by a crash would block its step for good, so a later attempt that finds a claim
 * asks what exists, never age alone (crash safety):
 * - `settle` looks for the claim's work (the invoice carrying the claim's id, the record at the claimed version). If it
 *   is there, the crashed request got that far: `settle` links it (what the request would have done next) and the
 *   claim stays held, so the step is never done twice.
 * - If nothing of it exists and the claim is older than `ORPHAN_AFTER_MS` (so its request is not merely slow), the
 *   claim is abandoned: it is removed (on the condition that it is still the same holder's) and taken over.
 * Anything else is a lost race and answers 409.
 */
import { randomUUID } from 'node:crypto';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';

/** What an existing claim's request left behind. */
export type ClaimState = 'held' | 'abandoned';

export interface RecoverableClaim<C extends { holder?: string | null }> {
  /** Inserts the claim with `holder`; throws a duplicate-key error when it exists. */
  insert(holder: string): Promise<unknown>;
  /** The existing claim, if any. */
  find(): Promise<C | null>;
  /** By what exists: 'held' (its work is done or may be under way; link what was done) or 'abandoned'. */
  settle(claim: C): ClaimState | Promise<ClaimState>;
  /** Removes the abandoned claim, on the condition that it still has `holder` (and is still unfinished). */
  removeAbandoned(holder: string | null): Promise<unknown>;
}

/** How old an unfinished claim whose work does not exist must be before it counts as left over by a crash. */
export const ORPHAN_AFTER_MS = 60_000;

async function inserted(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Claims the step and answers this request's holder token, or throws 409 with `conflictMessage`. */
export async function claimWithRecovery<C extends { holder?: string | null }>(claim: RecoverableClaim<C>, conflictMessage: string): Promise<string> {
  const holder = randomUUID();
  if (await inserted(() => claim.insert(holder))) return holder;
  const existing = await claim.find();
  if (existing && (await claim.settle(existing)) === 'abandoned') {
    await claim.removeAbandoned(existing.holder ?? null);
    if (await inserted(() => claim.insert(holder))) return holder;
  }
  throw new ConflictError(conflictMessage);
}
