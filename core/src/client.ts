/**
 * The typed action client used by the shell and every remote: one POST per call to the single endpoint, with
 * the action name and the token in the JSON body (spec 1 §7). Types come from the contracts, so a call with a
 * wrong payload does not compile.
 */
import type { KyInstance } from 'ky';
import type { ActionInput, ActionName, ActionOutput } from './actions/index.js';
import { isSessionEndingMessage, type FieldErrors } from './errors.js';
import type { UploadProgress } from './upload-progress.js';

export class ActionError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly errors: FieldErrors = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ActionError';
  }
}

export const CONNECTION_FAILED_MESSAGE = 'Cannot connect to the server. Please try again.';

export interface ActionClientOptions {
  /** e.g. http://localhost:4000/api */
  apiUrl: string;
  /** The token sent in the body: the therapist token, else the admin token, else the team token. */
  getToken: () => string | null | undefined;
  /** Called once when the server answers that the session is over (spec 1 §8). */
  onSessionEnded?: (message: string) => void;
  timeoutMs?: number;
}

export type { UploadProgress } from './upload-progress.js';

export interface UploadOptions {
  /** Called as the browser sends the body; the upload then goes by XMLHttpRequest (upload-progress.ts). */
  onProgress?: (progress: UploadProgress) => void;
}

export interface ActionClient {
  call<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionOutput<A>>;
  /** Multipart upload to the same endpoint: `action` and `token` travel as form fields. */
  upload<A extends ActionName>(action: A, form: FormData, options?: UploadOptions): Promise<ActionOutput<A>>;
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

type Ky = typeof import('ky');

/**
 * An error answer (its status, its body as read, its status text) as an ActionError; ends the session if it says so.
 * Also used by the upload with progress (upload-progress.ts), so both paths answer alike.
 */
export function answerError(status: number, data: unknown, statusText: string, onSessionEnded?: (message: string) => void): ActionError {
  const body = (data && typeof data === 'object' ? data : {}) as ErrorBody;
  const message = typeof body.message === 'string' ? body.message : statusText || 'Ukendt fejl';
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : {};
  if (status === 401 && isSessionEndingMessage(message)) onSessionEnded?.(message);
  return new ActionError(message, status, errors);
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

  async function send<T>(body: { json: unknown } | { body: FormData }): Promise<T> {
    const { kyModule, http } = await load();
    try {
      return await http.post(options.apiUrl, body).json<T>();
    } catch (error) {
      throw toActionError(kyModule, error, options.onSessionEnded);
    }
  }
  function call<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionOutput<A>> {
    return send({ json: { ...input, action, token: tokenField() } });
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
  return { call, upload };
}
