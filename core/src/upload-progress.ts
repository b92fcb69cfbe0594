/**
 * The action client's uploads (`upload(action, form, { onProgress? })`), loaded with the first upload so the sign-in
 * page's first load does not carry them. Without `onProgress` the form goes as the JSON calls do (ky); with it by
 * XMLHttpRequest, whose upload events count the bytes the browser has sent (fetch reports none, and ky's streamed
 * request body needs HTTP/2 in Chromium). Answers and errors are the JSON calls' own (`answerError`).
 */
import { ActionError, CONNECTION_FAILED_MESSAGE, answerError, type ActionClientOptions } from './action-error.js';

/**
 * Sends `form` for `action`. The server checks who calls and what before it stores a byte of a file, so the action
 * and the token go first (api/src/endpoint/uploads.ts refuses a form that names them after a file).
 */
export function sendUpload<T>(
  options: ActionClientOptions,
  send: (body: FormData) => Promise<T>,
  action: string,
  token: string | undefined,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<T> {
  const ordered = new FormData();
  ordered.set('action', action);
  if (token) ordered.set('token', token);
  for (const [name, value] of form.entries()) {
    if (name !== 'action' && name !== 'token') ordered.append(name, value);
  }
  return onProgress ? uploadWithProgress<T>(options, ordered, onProgress) : send(ordered);
}

/** How much of an upload's request body the browser has sent (bytes; `total` 0 when it cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs the (already ordered) form. Gives up with the connection message when the server cannot be reached or
 * nothing moves for `timeoutMs`, counted from the last sign of life (a progress event, the end of the body), so a
 * large upload on a slow line is not cut off while it moves.
 */
export function uploadWithProgress<T>(options: ActionClientOptions, body: FormData, onProgress: (progress: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const fail = (cause: string) => {
      clearTimeout(idle);
      reject(new ActionError(CONNECTION_FAILED_MESSAGE, 0, {}, { cause }));
    };
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        xhr.abort();
        fail('no progress within timeoutMs');
      }, options.timeoutMs ?? 30_000);
    };
    xhr.open('POST', options.apiUrl);
    xhr.upload.onprogress = (event) => {
      watch();
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.upload.onload = watch;
    xhr.onerror = () => fail('network error');
    xhr.onload = () => {
      clearTimeout(idle);
      const ok = xhr.status >= 200 && xhr.status < 300;
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch (error) {
        if (ok) return reject(new ActionError(error instanceof Error ? error.message : String(error), 0));
      }
      if (ok) resolve(data as T);
      else reject(answerError(xhr.status, data, xhr.statusText, options.onSessionEnded));
    };
    watch();
    xhr.send(body);
  });
}
