import pino, { type Logger } from 'pino';

/**
 * Structured logs. The request logger writes only the action name, status and timing; as a second line of
 * defence these paths are redacted wherever a log call passes a body by mistake.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['password', 'token', 'CPR', '*.password', '*.token', '*.CPR', '*.newPassword', '*.oldPassword', 'adminToken', 'teamToken'],
        censor: '[skjult]',
      },
    },
    destination,
  );
}
