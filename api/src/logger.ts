import pino, { type Logger } from 'pino';

/** Field names that hold a CPR number or a part or hash of one, wherever a log call passes them. */
const CPR_FIELDS = ['CPR', 'cpr', 'CPR6Digit', 'CPRLast4Digit', 'cprKey', 'cpr6Key'];
const SECRET_FIELDS = ['password', 'token', 'newPassword', 'oldPassword', 'adminToken', 'teamToken'];

/** A CPR-shaped value anywhere in a line: ten digits, with or without the dash, not part of a longer number. */
const CPR_SHAPED = /(?<!\d)\d{6}-?\d{4}(?!\d)/g;

/** Masks CPR-shaped values in a finished log line (messages, error texts and stacks included). */
export function maskCprShaped(line: string): string {
  return line.replace(CPR_SHAPED, '[cpr skjult]');
}

/**
 * Structured logs. The request logger writes only the action name, status and timing; as a second line of
 * defence the fields below are redacted at the top and two levels down wherever a log call passes a body by
 * mistake, and every finished line has its CPR-shaped values masked (api/test/log-redaction.test.ts logs a
 * request of every action with CPR-shaped input, error paths included, and finds none).
 */
export function createLogger(level: string, destination?: pino.DestinationStream, pretty = false): Logger {
  // Development on a terminal: one readable line per request instead of JSON.
  const target =
    destination ??
    (pretty ? pino.transport({ target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,requestId', translateTime: 'HH:MM:ss' } }) : undefined);
  const fields = [...SECRET_FIELDS, ...CPR_FIELDS];
  return pino(
    {
      level,
      redact: {
        paths: [...fields, ...fields.map((field) => `*.${field}`), ...fields.map((field) => `*.*.${field}`)],
        censor: '[skjult]',
      },
      // The last step before the line is written: nothing CPR-shaped leaves, whatever the field or message.
      hooks: { streamWrite: maskCprShaped },
    },
    target,
  );
}
