/**
 * The idempotency key of a purchase: the page makes one per purchase the owner starts and sends it with
 * every attempt of that purchase, so a double click, a retried request or two tabs make one charge. Once the server
 * has answered (a checkout page, a charge, a refusal) the purchase is over and the next one gets a new key. Only an
 * attempt whose answer never came (no connection, a timeout, a server error) or that the server says is still
 * running keeps its key: sending it again is the same purchase, and the server answers what the first one did.
 */
import { ActionError } from '@klinik/core/client';
import { commerceMessages } from '@klinik/core/commerce';

export function newPurchaseKey(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  // crypto.randomUUID needs a secure context; the key only has to be unique and unguessable.
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the purchase that failed with `reason` may still have happened, so a retry must reuse its key. */
export function retryKeepsKey(reason: unknown): boolean {
  if (!(reason instanceof ActionError)) return true;
  if (reason.status === 0 || reason.status >= 500) return true;
  return reason.status === 409 && reason.message === commerceMessages.purchaseInProgress;
}

/** One purchase at a time: `key()` is the current purchase's key, made on first use; `settle` ends the purchase. */
export class PurchaseKeys {
  private current: string | null = null;

  constructor(private readonly make: () => string = newPurchaseKey) {}

  key(): string {
    return (this.current ??= this.make());
  }

  /** After an answer: success or a definite refusal ends the purchase; an unanswered attempt keeps it open. */
  settle(failure?: unknown): void {
    if (failure === undefined || !retryKeepsKey(failure)) this.current = null;
  }
}
