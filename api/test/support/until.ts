/**
 * Waits for a condition the test cannot await directly (a mail sent after the answer, a log line), polling every
 * 20 ms; fails naming `what` after `timeoutMs`. Waiting for the thing itself, never for a fixed time.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
