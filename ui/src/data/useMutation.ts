/**
 * A change sent to the server from a page: `useMutation(send, options)` gives `run(input)`, the pending state, the
 * server's Danish message and its per-field errors, and on success shows the answer's message as a toast and
 * reloads the queries it affects. Nothing is changed on screen until the server has answered. mutation.ts has
 * what happens, in order.
 *
 *   const remove = useMutation((id: string) => api.remove(id), { notify, invalidates: [['getAllEvent']] });
 *   <Button disabled={remove.pending} onClick={() => void remove.run(course.id)}>Slet</Button>
 *   {remove.error && <MessageBar intent="error">{remove.error}</MessageBar>}
 *
 * `runOrThrow` is for a caller that shows the failure itself: ConfirmDialog keeps its dialog open with the
 * message of what its `onConfirm` threw.
 *   <ConfirmDialog onConfirm={async () => { await remove.runOrThrow(course.id); }} … />
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FieldErrors } from '@klinik/core/rules';
import { performMutation, type MutationOptions } from './mutation.js';
import { queryStore } from './useQuery.js';

export type { MutationOptions } from './mutation.js';

export interface Mutation<I, R> {
  /** Sends `input`; resolves with the answer, or undefined when it failed (the failure is in `error`). */
  run: (input: I) => Promise<R | undefined>;
  /** The same, but a failure rejects with the server's error (after `error` is set). */
  runOrThrow: (input: I) => Promise<R>;
  pending: boolean;
  /** The server's message of the last failure, until the next run or `reset`. */
  error: string | null;
  /** Per-field messages of the last failure (zod paths as keys). */
  fieldErrors: FieldErrors;
  reset: () => void;
}

/** What a second run while one is pending gets: one click, one request. */
class MutationBusyError extends Error {
  constructor() {
    super('Vent venligst, den forrige handling er ikke færdig.');
  }
}

export function useMutation<I, R>(send: (input: I) => Promise<R>, options: MutationOptions<R> = {}): Mutation<I, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const latest = useRef({ send, options });
  useLayoutEffect(() => {
    latest.current = { send, options };
  });
  const busy = useRef(false);

  const runOrThrow = useCallback(async (input: I): Promise<R> => {
    if (busy.current) throw new MutationBusyError();
    busy.current = true;
    const { send: current, options: opts } = latest.current;
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      const outcome = await performMutation(current, input, opts, queryStore);
      if (outcome.ok) return outcome.answer;
      setError(outcome.message);
      setFieldErrors(outcome.fieldErrors);
      throw outcome.reason;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  const run = useCallback(
    (input: I): Promise<R | undefined> =>
      // The failure is in `error` (and `onError`); `run` itself never rejects.
      runOrThrow(input).catch(() => undefined),
    [runOrThrow],
  );

  const reset = useCallback(() => {
    setError(null);
    setFieldErrors({});
  }, []);

  return { run, runOrThrow, pending, error, fieldErrors, reset };
}
