/**
 * What the payment return page says, decided only by what the server answers for the charge (`registerInvoice`),
 * never by the return address's query string: settled and the plan usable → success; refused → failed; cancelled;
 * anything else (the provider has not settled it, or its webhook has not reached the plan yet) → waiting.
 */
import type { TransactionState } from '@klinik/core/commerce';
import { allowsProFeatures, type PlanState } from '@klinik/core/rules';

export type ReturnOutcome = 'success' | 'waiting' | 'failed' | 'cancelled';

export interface ChargeOnReturn {
  state: TransactionState;
  plan: PlanState;
}

export function returnOutcome(charge: ChargeOnReturn, now: number): ReturnOutcome {
  if (charge.state === 'failed') return 'failed';
  if (charge.state === 'cancelled') return 'cancelled';
  if (charge.state === 'settled') return allowsProFeatures(charge.plan, now) ? 'success' : 'waiting';
  return 'waiting';
}

/** A one-time add-on's charge (storage, data import): settled is done, whatever the plan. */
export function oneTimeOutcome(charge: { state: TransactionState }): ReturnOutcome {
  if (charge.state === 'settled') return 'success';
  if (charge.state === 'failed') return 'failed';
  if (charge.state === 'cancelled') return 'cancelled';
  return 'waiting';
}

/** How often and how long the page asks again while the answer is 'waiting' (the webhook usually lands at once). */
export const RETURN_POLL = { attempts: 8, intervalMs: 1500 } as const;

/**
 * Asks `load` until `outcome` is final or the attempts are used up; answers the last answer. One load of the data
 * layer (the page shows 'checking' meanwhile), so nothing is loaded in an effect.
 */
export async function untilFinal<T>(load: () => Promise<T>, outcome: (answer: T) => ReturnOutcome, wait: (ms: number) => Promise<void>, poll: { attempts: number; intervalMs: number } = RETURN_POLL): Promise<T> {
  let answer = await load();
  for (let attempt = 1; attempt < poll.attempts && outcome(answer) === 'waiting'; attempt++) {
    await wait(poll.intervalMs);
    answer = await load();
  }
  return answer;
}
