import pino, { type Logger } from 'pino';

/** A CPR number, with or without the dash, not inside a longer run of digits (none in any log). */
const CPR_PATTERN = /(?<!\d)\d{6}-?\d{4}(?!\d)/g;
/** Field names that hold a CPR number or part of one, or a secret, wherever they appear. */
const SECRET_KEY = /cpr|password|token|secret|authorization/i;
const CENSOR = '[skjult]';

/** Masks CPR-shaped values in a finished log line (the last step: whatever a serializer or transport added). */
export function maskCprShaped(line: string): string {
  return line.replace(CPR_PATTERN, CENSOR);
}

/** `value` with every CPR-shaped number masked and every secret-named field censored, however deep. */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(CPR_PATTERN, CENSOR);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactForLog(item, depth + 1));
  const source = value instanceof Error ? { type: value.name, message: value.message, stack: value.stack, ...(value as unknown as Record<string, unknown>) } : (value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(source)) out[key] = SECRET_KEY.test(key) ? CENSOR : redactForLog(inner, depth + 1);
  return out;
}

/**
 * Structured logs. The request logger writes only the action name, status and timing; as a second line of defence
 * every log call is passed through `redactForLog` (CPR-shaped numbers in any string, including error messages and
 * stacks, and fields named like a CPR number, a password or a token), wherever a log call passes a body by mistake.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, pretty = false): Logger {
  // Development on a terminal: one readable line per request instead of JSON.
  const target =
    destination ??
    (pretty ? pino.transport({ target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,requestId', translateTime: 'HH:MM:ss' } }) : undefined);
  return pino(
    {
      level,
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => redactForLog(arg)) as Parameters<typeof method>);
        },
        // The last step before the line is written: nothing CPR-shaped leaves, whatever the field or message.
        streamWrite: maskCprShaped,
      },
      serializers: { err: (error: unknown) => redactForLog(error) },
    },
    target,
  );
}
