/**
 * The typed action client used by the shell and every remote: one POST per call to the single endpoint, with
 * the action name and the token in the JSON body (spec 1 §7). Types come from the contracts, so a call with a
 * wrong payload does not compile.
 */
import type { KyInstance } from 'ky';
import type { ActionInput, ActionName, ActionOutput } from './actions/index.js';
import { ActionError, CONNECTION_FAILED_MESSAGE, answerError, type ActionClientOptions } from './action-error.js';
import { isSessionEndingMessage } from './errors.js';
import type { UploadProgress } from './upload-progress.js';

export { ActionError, CONNECTION_FAILED_MESSAGE, answerError, type ActionClientOptions } from './action-error.js';

/** A prefetched answer nobody has asked for within this long is dropped: the page did not open after all. */
export const PREFETCH_KEEP_MS = 15_000;

export type { UploadProgress } from './upload-progress.js';

export interface UploadOptions {
  /** Called as the browser sends the body; the upload then goes by XMLHttpRequest (upload-progress.ts). */
  onProgress?: (progress: UploadProgress) => void;
}

export interface ActionClient {
  call<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionOutput<A>>;
  /** Multipart upload to the same endpoint: `action` and `token` travel as form fields. */
  upload<A extends ActionName>(action: A, form: FormData, options?: UploadOptions): Promise<ActionOutput<A>>;
  /**
   * Sends now a call that a page about to open will make (its first data, asked for while its code still downloads).
   * The page's own `call` with the same action, input and token takes this answer, once, instead of asking again,
   * if it comes within `prefetchKeepMs`; an answer nobody takes is dropped. Nothing is sent without a token. The
   * promise settles (never rejects) when the answer is in.
   */
  prefetch<A extends ActionName>(action: A, input: ActionInput<A>): Promise<void>;
}

type Ky = typeof import('ky');

/** The same JSON for the same input whatever the order of its keys: the key a prefetched answer is found by. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(object).sort().map((key) => [key, canonical(object[key])]));
  }
  return value;
}

function toActionError(kyModule: Ky, error: unknown, onSessionEnded?: (message: string) => void): ActionError {
  const { isHTTPError, isNetworkError, isTimeoutError } = kyModule;
  // ky has already read the body into `data` (JSON when the answer says so).
  if (isHTTPError(error)) return answerError(error.response.status, error.data, error.response.statusText, onSessionEnded);
  if (isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError) {
    return new ActionError(CONNECTION_FAILED_MESSAGE, 0);
  }
  return new ActionError(error instanceof Error ? error.message : String(error), 0);
}

export function createActionClient(options: ActionClientOptions): ActionClient {
  // ky arrives with the first call, not with the first page: the sign-in page needs it only on submit.
  let loaded: Promise<{ kyModule: Ky; http: KyInstance }> | null = null;
  const load = () =>
    (loaded ??= import(/* webpackChunkName: "ky" */ 'ky').then(
      (kyModule) => ({ kyModule, http: kyModule.default.create({ retry: 0, timeout: options.timeoutMs ?? 30_000 }) }),
      (error: unknown) => {
        loaded = null; // a failed download is tried again on the next call
        throw new ActionError(CONNECTION_FAILED_MESSAGE, 0, {}, { cause: error });
      },
    ));
  const tokenField = () => options.getToken() ?? undefined;

  /** `notify`: whether a session-ending answer calls onSessionEnded now (a prefetch leaves that to its taker). */
  async function send<T>(body: { json: unknown } | { body: FormData }, notify = true): Promise<T> {
    const { kyModule, http } = await load();
    try {
      return await http.post(options.apiUrl, body).json<T>();
    } catch (error) {
      throw toActionError(kyModule, error, notify ? options.onSessionEnded : undefined);
    }
  }
  const prefetched = new Map<string, Promise<unknown>>();
  const prefetchKey = (action: string, input: unknown, token: string | undefined) => JSON.stringify([action, token ?? null, canonical(input)]);

  function call<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionOutput<A>> {
    const token = tokenField();
    const key = prefetchKey(action, input, token);
    const answer = prefetched.get(key);
    if (answer) {
      prefetched.delete(key);
      // A session that ended is told now, when a page is there to act on it (the shell's listener may not have been
      // when the prefetched answer came), and only if the answer is used.
      return answer.catch((error: unknown) => {
        if (error instanceof ActionError && error.status === 401 && isSessionEndingMessage(error.message)) options.onSessionEnded?.(error.message);
        throw error;
      }) as Promise<ActionOutput<A>>;
    }
    return send({ json: { ...input, action, token } });
  }
  function prefetch<A extends ActionName>(action: A, input: ActionInput<A>): Promise<void> {
    const token = tokenField();
    if (!token) return Promise.resolve();
    const key = prefetchKey(action, input, token);
    const pending = prefetched.get(key);
    if (pending) return pending.then(() => undefined, () => undefined);
    const answer = send({ json: { ...input, action, token } }, false);
    // A failure is the taker's to see (the same error its own call would have met); untaken, it is nobody's.
    const settled = answer.then(() => undefined, () => undefined);
    prefetched.set(key, answer);
    const drop = setTimeout(() => {
      if (prefetched.get(key) === answer) prefetched.delete(key);
    }, options.prefetchKeepMs ?? PREFETCH_KEEP_MS);
    // In Node (the API's tests use this client) the wait must not keep the process alive.
    (drop as { unref?: () => void }).unref?.();
    return settled;
  }
  function upload<A extends ActionName>(action: A, form: FormData, uploadOptions: UploadOptions = {}): Promise<ActionOutput<A>> {
    // Its code arrives with the first upload (upload-progress.ts): the sign-in page never uploads.
    return import('./upload-progress.js').then(
      ({ sendUpload }) => sendUpload<ActionOutput<A>>(options, (body) => send({ body }), action, tokenField(), form, uploadOptions.onProgress),
      (error: unknown) => {
        throw new ActionError(CONNECTION_FAILED_MESSAGE, 0, {}, { cause: error });
      },
    );
  }
  return { call, upload, prefetch };
}
