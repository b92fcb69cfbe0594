/**
 * One call to a provider's JSON API (Frisbii, Dinero, Google Drive): `fetch` with a time limit, the answer read whole
 * and parsed as JSON when it is JSON (an empty or non-JSON body is null: providers answer errors as HTML too). What a
 * status means is each adapter's own; a call that never got an answer (refused connection, time limit) goes to
 * `unreachable`, which gives the adapter's error for it.
 */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

export async function fetchJson(url: string | URL, init: RequestInit, timeoutMs: number, unreachable: (error: Error) => Error): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unreachable(error as Error);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, ok: response.ok, body };
}
