/**
 * What happens when a mutation runs, without React, so it is unit tested (store.test.ts) and `useMutation` only
 * keeps the pending state: send; on success the toast, the reloads of the affected queries, then `onSuccess`; on a
 * failure the server's message and per-field errors, an error toast where asked, then `onError`.
 */
import type { FieldErrors } from '@klinik/core/rules';
import type { DataKey } from './keys.js';
import { errorMessage, type QueryStore } from './store.js';

export interface MutationOptions<R> {
  /** Shows the success toast (the answer's `message`, or `successText`) and, unless `errorToast` is false, the error. */
  notify?: (text: string, intent?: 'success' | 'error') => void;
  /** Overrides the answer's message in the success toast; false: no toast. */
  successText?: string | false;
  /** Also show a failure as an error toast (for actions started outside a form, where no message bar is). */
  errorToast?: boolean;
  /** Queries to reload after a success (key prefixes). */
  invalidates?: readonly DataKey[];
  onSuccess?: (answer: R) => void | Promise<void>;
  /**
   * Told of a failure (besides `error` and `fieldErrors`), for what a page keeps itself: per-field messages the
   * user clears by editing, a choice that is no longer valid.
   */
  onError?: (message: string, fieldErrors: FieldErrors) => void;
}

export type MutationOutcome<R> = { ok: true; answer: R } | { ok: false; reason: unknown; message: string; fieldErrors: FieldErrors };

export const MUTATION_FALLBACK_ERROR = 'Noget gik galt. Prøv igen.';

function fieldErrorsOf(reason: unknown): FieldErrors {
  const errors = (reason as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as FieldErrors) : {};
}

export async function performMutation<I, R>(send: (input: I) => Promise<R>, input: I, options: MutationOptions<R>, store: QueryStore): Promise<MutationOutcome<R>> {
  try {
    const answer = await send(input);
    const message = (answer as { message?: unknown } | null)?.message;
    const text = options.successText === undefined ? (typeof message === 'string' ? message : '') : options.successText;
    if (text) options.notify?.(text, 'success');
    // The lists are reloaded before `onSuccess` (which often closes a dialog), so what shows behind it is fresh.
    await Promise.all((options.invalidates ?? []).map((prefix) => store.invalidate(prefix)));
    await options.onSuccess?.(answer);
    return { ok: true, answer };
  } catch (reason) {
    const message = errorMessage(reason, MUTATION_FALLBACK_ERROR);
    const fieldErrors = fieldErrorsOf(reason);
    if (options.errorToast) options.notify?.(message, 'error');
    options.onError?.(message, fieldErrors);
    return { ok: false, reason, message, fieldErrors };
  }
}
