/**
 * The caps of core's CAPS, checked before a record is created (lists of what a clinic makes itself are
 * bounded, so every answer is). A count, then the insert: under a race a cap can be passed by the few requests that
 * counted at once, which is harmless for a bound whose purpose is to stop a runaway, not to count exactly.
 */
import { messages } from '@klinik/core';
import { ConflictError } from '../errors.js';

export async function assertBelowCap(count: () => Promise<number>, cap: number, what: string): Promise<void> {
  if ((await count()) >= cap) throw new ConflictError(messages.capReached(cap, what));
}
