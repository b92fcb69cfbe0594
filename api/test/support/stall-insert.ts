import type { TestApi } from './test-api.js';

type Writer = (...args: unknown[]) => Promise<unknown>;

/**
 * Holds the next call of a model's `method` whose arguments `matches` until released: a request stalled between its
 * check and its write. The scoped data access calls the model's method at the time of the call, so wrapping it here
 * reaches the API's own write; other calls pass.
 */
export function stallNextWrite(model: unknown, method: 'create' | 'insertMany', matches: (args: unknown[]) => boolean) {
  const target = model as Record<string, unknown>;
  const original = target[method] as Writer;
  const own = Object.hasOwn(target, method);
  let reached!: () => void;
  const atInsert = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  target[method] = async function (this: unknown, ...args: unknown[]) {
    if (!held && matches(args)) {
      held = true;
      reached();
      await released;
    }
    return original.apply(this, args);
  };
  return {
    /** Resolves when the request has reached its write (and waits there). */
    atInsert,
    release,
    restore: () => {
      if (own) target[method] = original;
      else Reflect.deleteProperty(target, method);
    },
  };
}

/** Holds the next insert of an invoice of `bookingId` until released. */
export function stallNextInvoiceInsert(t: TestApi, bookingId: string) {
  return stallNextWrite(t.api.services.models.Invoice, 'create', (args) => String((args[0] as { bookingId?: unknown } | undefined)?.bookingId) === bookingId);
}
