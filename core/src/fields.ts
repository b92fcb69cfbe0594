/**
 * Field rules shared by forms and the API, with their Danish messages. Every rule here is enforced on the
 * server by the action schemas and reused by the forms, so both agree by construction.
 */
import { z } from 'zod';
import {
  CVR_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from './constants.js';
import { isCommonPassword, PASSWORD_TOO_COMMON } from './common-passwords.js';
import { messages } from './messages.js';
import { isCprBirthDate, isCprLast4 } from './predicates.js';
import { newClientMessages, schedulingMessages } from './messages-scheduling.js';

/** A trimmed, required text of at most `max` characters. */
export function requiredText(label: string, max: number = NAME_MAX_LENGTH) {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.tooLong(label, max));
}

/** An optional trimmed text; an empty string is kept as ''. */
export function optionalText(label: string, max: number = NAME_MAX_LENGTH) {
  return z.string().trim().max(max, messages.tooLong(label, max)).optional();
}

const PHONE_PATTERN = /^\+?\d{8,}$/;

export const phone = z
  .string({ error: messages.phoneFormat })
  .trim()
  .min(1, messages.required('Telefonnummer'))
  .max(PHONE_MAX_LENGTH, messages.tooLong('Telefonnummer', PHONE_MAX_LENGTH))
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => PHONE_PATTERN.test(value), messages.phoneFormat);

export const email = z
  .string({ error: messages.invalidEmail })
  .trim()
  .min(1, messages.required('E-mail'))
  .max(EMAIL_MAX_LENGTH, messages.tooLong('E-mail', EMAIL_MAX_LENGTH))
  .pipe(z.email({ error: messages.invalidEmail }));

/** A username is the e-mail, compared without case. */
export const username = z
  .string({ error: messages.required('Brugernavn') })
  .trim()
  .min(1, messages.required('Brugernavn'))
  .max(EMAIL_MAX_LENGTH, messages.tooLong('Brugernavn', EMAIL_MAX_LENGTH))
  .transform((value) => value.toLowerCase());

/** A new password: at least 10 characters and not on the list of common passwords (any case). */
export const newPassword = z
  .string({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.tooLong('Adgangskoden', PASSWORD_MAX_LENGTH))
  .refine((password) => !isCommonPassword(password), PASSWORD_TOO_COMMON);

/** A password typed to sign in or to confirm identity: any non-empty string within bounds. */
export const givenPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.wrongPassword);

function digitsOrNumber(message: string, maxLength: number) {
  return z
    .union([z.string().max(64, message), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => value === '' || (/^\d+$/.test(value) && value.length <= maxLength), message);
}

/** Spec 1 §5: CVR optional integer, input maximum 8 characters. Stored as a digit string. */
export const cvr = digitsOrNumber(messages.cvrFormat, CVR_MAX_LENGTH).optional();

/** Spec 1 §5: post required integer. Stored as a digit string so leading zeros survive (0800 Høje Taastrup). */
export const post = digitsOrNumber(messages.postFormat, 8).refine((value) => value !== '', messages.required('Postnummer'));

/** A single-use token from a mail link: URL-safe base64, never a database id. */
export const linkToken = z
  .string({ error: messages.resetLinkInvalid })
  .max(200, messages.resetLinkInvalid)
  .regex(/^[A-Za-z0-9_-]{20,200}$/, messages.resetLinkInvalid);

/** A database reference: 24 hex characters (anything else is refused before it reaches a query). */
export const objectId = z.string({ error: schedulingMessages.invalidReference }).max(24, schedulingMessages.invalidReference).regex(/^[a-f0-9]{24}$/i, schedulingMessages.invalidReference);

/** An instant as epoch milliseconds. */
export const epochMs = z.number({ error: schedulingMessages.timeRequired }).int(schedulingMessages.timeRequired).min(0).max(8_640_000_000_000_000);


/** A new client's identity fields (new booking, online booking), with the form's messages. */
/** A new client as a form holds it before parsing (every field as typed). */
export type NewClientDraft = z.input<ReturnType<typeof newClientSchema>>;

export function newClientSchema(prefix: '' | 'Fejl: ') {
  const text = newClientMessages(prefix);
  return z.strictObject({
    nameFirst: z.string({ error: text.nameFirst }).trim().min(1, text.nameFirst).max(NAME_MAX_LENGTH, messages.tooLong('Fornavn', NAME_MAX_LENGTH)),
    nameLast: z.string({ error: text.nameLast }).trim().min(1, text.nameLast).max(NAME_MAX_LENGTH, messages.tooLong('Efternavn', NAME_MAX_LENGTH)),
    CPR6Digit: z.string({ error: text.CPR6Digit }).max(20, text.CPR6Digit).trim().refine(isCprBirthDate, text.CPR6Digit),
    CPRLast4Digit: z.string({ error: text.CPRLast4Digit }).max(20, text.CPRLast4Digit).transform((value) => value.replace(/\s+/g, '')).refine(isCprLast4, text.CPRLast4Digit),
    email: z.string({ error: text.email }).trim().max(EMAIL_MAX_LENGTH, text.email).pipe(z.email({ error: text.email })),
    phonePrivate: z
      .string({ error: text.phone })
      .max(PHONE_MAX_LENGTH * 2, text.phone)
      .transform((value) => value.replace(/\s+/g, ''))
      .refine((value) => PHONE_PATTERN.test(value) && value.length <= PHONE_MAX_LENGTH, text.phone),
  });
}

/** Kroner as typed (a number or '12,50') → øre; null when not a non-negative amount with at most two decimals. */
export function kronerToOre(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
