/**
 * Claim with orphan recovery: a step that must happen once (version n of a journal, the invoice of a booking) is
 * claimed by inserting a document with a deterministic `_id`; `_id` uniqueness decides a race on every
 * MongoDB-protocol server (FerretDB 1.24 included, where conditional updates are not atomic). A claim whose work was
 * cut off by a crash (never completed, older than `orphanAfterMs`) would block that step for good, so a later
 * attempt that finds such a claim removes it and tries once more; anything else is a lost race and answers 409.
 */
import { ConflictError, isDuplicateKeyError } from '../../errors.js';

export interface RecoverableClaim<C> {
  /** Inserts the claim; throws a duplicate-key error when it exists. */
  insert(): Promise<unknown>;
  /** The existing claim, if any. */
  find(): Promise<C | null>;
  /** Whether an existing claim was left by a crash and may be taken over. */
  isOrphan(claim: C): boolean | Promise<boolean>;
  /** Removes the orphan, on the condition that it is still one (e.g. `{ _id, applied: false }`). */
  removeOrphan(): Promise<unknown>;
}

/** How old an unfinished claim must be before it counts as left over by a crash. */
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

/** Claims the step or throws 409 with `conflictMessage`. */
export async function claimWithRecovery<C>(claim: RecoverableClaim<C>, conflictMessage: string): Promise<void> {
  if (await inserted(() => claim.insert())) return;
  const existing = await claim.find();
  if (existing && (await claim.isOrphan(existing))) {
    await claim.removeOrphan();
    if (await inserted(() => claim.insert())) return;
  }
  throw new ConflictError(conflictMessage);
}
