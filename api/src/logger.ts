import pino, { type Logger } from 'pino';

/**
 * Structured logs. The request logger writes only the action name, status and timing; as a second line of
 * defence these paths are redacted wherever a log call passes a body by mistake.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, pretty = false): Logger {
  // Development on a terminal: one readable line per request instead of JSON.
  const target =
    destination ??
    (pretty ? pino.transport({ target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,requestId', translateTime: 'HH:MM:ss' } }) : undefined);
  return pino(
    {
      level,
      redact: {
        paths: ['password', 'token', 'CPR', '*.password', '*.token', '*.CPR', '*.newPassword', '*.oldPassword', 'adminToken', 'teamToken'],
        censor: '[skjult]',
      },
    },
    target,
  );
}
