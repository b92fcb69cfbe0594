/**
 * A change sent to the server from a page: `useMutation(send, options)` gives `run(input)`, the pending state, the
 * server's Danish message and its per-field errors, and on success shows the answer's message as a toast and
 * reloads the queries it affects. Nothing is changed on screen until the server has answered.
 *
 *   const remove = useMutation((id: string) => api.remove(id), { notify, invalidates: [['getAllEvent']] });
 *   <Button disabled={remove.pending} onClick={() => void remove.run(course.id)}>Slet</Button>
 *   {remove.error && <MessageBar intent="error">{remove.error}</MessageBar>}
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FieldErrors } from '@klinik/core/rules';
import { errorMessage, type QueryKey } from './store.js';
import { invalidateQueries } from './useQuery.js';

export interface MutationOptions<R> {
  /** Shows the success toast (the answer's `message`, or `successText`) and, unless `errorToast` is false, the error. */
  notify?: (text: string, intent?: 'success' | 'error') => void;
  /** Overrides the answer's message in the success toast; false: no toast. */
  successText?: string | false;
  /** Also show a failure as an error toast (for actions started outside a form, where no message bar is). */
  errorToast?: boolean;
  /** Queries to reload after a success (key prefixes). */
  invalidates?: readonly QueryKey[];
  onSuccess?: (answer: R) => void | Promise<void>;
}

export interface Mutation<I, R> {
  /** Sends `input`; resolves with the answer, or undefined when it failed (the failure is in `error`). */
  run(input: I): Promise<R | undefined>;
  pending: boolean;
  /** The server's message of the last failure, until the next run or `reset`. */
  error: string | null;
  /** Per-field messages of the last failure (zod paths as keys). */
  fieldErrors: FieldErrors;
  reset(): void;
}

const FALLBACK = 'Noget gik galt. Prøv igen.';

function fieldErrorsOf(reason: unknown): FieldErrors {
  const errors = (reason as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as FieldErrors) : {};
}

export function useMutation<I, R>(send: (input: I) => Promise<R>, options: MutationOptions<R> = {}): Mutation<I, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const latest = useRef({ send, options });
  useLayoutEffect(() => {
    latest.current = { send, options };
  });
  // A second run while one is pending is refused: one click, one request.
  const busy = useRef(false);

  const run = useCallback(async (input: I): Promise<R | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    const { send: current, options: opts } = latest.current;
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      const answer = await current(input);
      const message = (answer as { message?: unknown } | null)?.message;
      const text = opts.successText === undefined ? (typeof message === 'string' ? message : '') : opts.successText;
      if (text) opts.notify?.(text, 'success');
      await Promise.all((opts.invalidates ?? []).map((prefix) => invalidateQueries(prefix)));
      await opts.onSuccess?.(answer);
      return answer;
    } catch (reason) {
      const message = errorMessage(reason, FALLBACK);
      setError(message);
      setFieldErrors(fieldErrorsOf(reason));
      if (opts.errorToast) opts.notify?.(message, 'error');
      return undefined;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  const reset = useCallback(() => {
    setError(null);
    setFieldErrors({});
  }, []);

  return { run, pending, error, fieldErrors, reset };
}
