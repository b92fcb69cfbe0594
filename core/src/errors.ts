import type { z } from 'zod';

/** Field path → first message, as answered by the API in `errors` and shown by forms beside each field. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The session-ending answers (spec 1 §8): the client clears storage and goes to /. Ours besides the spec's three: a
 * clinic the platform administrator disabled, so its users are signed out on their next call.
 */
// The literal, not messages.companyDisabled: this file is in the sign-in page's first load, messages.ts is not
// (core/src/client.test.ts checks that the two agree).
export const SESSION_ENDING_MESSAGES = ['jwt expired', 'jwt must be provided', 'jwt malformed', 'Klinikken er deaktiveret. Kontakt support.'] as const;

export function isSessionEndingMessage(message: unknown): boolean {
  return typeof message === 'string' && (SESSION_ENDING_MESSAGES as readonly string[]).includes(message);
}
