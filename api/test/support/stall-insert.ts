import type { TestApi } from './test-api.js';

/**
 * Holds the next insert of an invoice of `bookingId` until released: a request stalled between its claim check and its
 * insert. The scoped data access calls the model's `create` at the time of the call, so wrapping it here reaches the
 * API's own insert; the other inserts pass.
 */
export function stallNextInvoiceInsert(t: TestApi, bookingId: string) {
  const Invoice = t.api.services.models.Invoice as unknown as Record<string, unknown> & { create: (...args: unknown[]) => Promise<unknown> };
  const original = Invoice.create;
  const own = Object.hasOwn(Invoice, 'create');
  let reached!: () => void;
  const atInsert = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  Invoice.create = async function (this: unknown, ...args: unknown[]) {
    if (!held && String((args[0] as { bookingId?: unknown } | undefined)?.bookingId) === bookingId) {
      held = true;
      reached();
      await released;
    }
    return original.apply(this, args);
  };
  return {
    /** Resolves when the request has reached its insert (and waits there). */
    atInsert,
    release,
    restore: () => {
      if (own) Invoice.create = original;
      else Reflect.deleteProperty(Invoice, 'create');
    },
  };
}
