/**
 * A job that repeats on a timer in the API process: one run at a time (a run that takes longer than the interval is
 * not started twice), errors logged and never thrown into the timer, and a stop that waits for the run under way, so
 * a graceful shutdown never closes the database under a job. Jobs must be idempotent: every API process runs them.
 */
import type { Logger } from 'pino';

export interface RepeatingJob {
  /** Stops the timers and resolves when the run under way (if any) has finished. */
  stop(): Promise<void>;
  /** Runs it now (or once more right after the run under way), instead of waiting for the timer. */
  trigger(): void;
}

export function startRepeating(name: string, options: { everyMs: number; firstAfterMs?: number }, work: () => Promise<unknown>, logger: Logger): RepeatingJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = work()
      .then((result) => {
        if (result !== undefined) logger.debug({ job: name, result }, 'job done');
      })
      .catch((error: unknown) => logger.error({ job: name, err: error }, 'job failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? null : setTimeout(run, options.firstAfterMs);
  first?.unref();
  return {
    trigger: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (first) clearTimeout(first);
      await running;
    },
  };
}
