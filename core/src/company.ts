/**
 * The company profile (spec 3 §3 'Company profile fields', §5 'Company profile', 'Email fields'; §8 'Logo too
 * large'): the one schema `setCompany` parses on the server and /Settings checks in the browser, so both say the
 * same Danish message for the same input, and the logo file check both run before anything is decoded.
 */
import { z } from 'zod';
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES } from './client-records.js';
import { DUE_DAYS_MAX, EMAIL_MAX_LENGTH } from './constants.js';
import { cvr, phone, post, requiredText } from './fields.js';
import { messages } from './messages.js';
import { clientMessages } from './messages-scheduling.js';

/** The field labels of /Settings; the validation messages are built from them. */
export const COMPANY_FIELD_LABELS = {
  companyName: 'Firmanavn',
  email: 'E-mail',
  mobilePay: 'MobilePay',
  CVR: 'CVR',
  phone: 'Telefonnummer',
  moms: 'Momsregistreret',
  address: 'Adresse',
  town: 'By',
  post: 'Postnummer',
  regNumber: 'Reg.nr.',
  accountNumber: 'Kontonummer',
  dueDays: 'Betalingsfrist',
} as const;

/** Spec 3 §5 maxima (characters; digits for the number fields). */
export const COMPANY_FIELD_MAX = {
  companyName: 100,
  email: EMAIL_MAX_LENGTH,
  mobilePay: 100,
  CVR: 8,
  phone: 20,
  address: 100,
  town: 100,
  post: 8,
  regNumber: 4,
  accountNumber: 10,
} as const;

export const companyMessages = {
  // spec 3 §5 'Email fields', verbatim
  emailRequired: 'Personlige oplysninger i e-mail påkrævet',
  emailInvalid: messages.invalidEmail,
  // spec 3 §8 'Logo too large', verbatim
  logoTooLarge: clientMessages.logoSize,
  // ours
  logoType: clientMessages.logoType,
  digits: (label: string, max: number) => `${label} skal være et tal med højst ${max} cifre`,
  // ours: the name goes out in SMS and mails under the platform's sender name; checked by the server
  noWebAddress: (label: string) => `${label} må ikke indeholde en webadresse eller en e-mailadresse`,
  // ours
  dueDays: `${COMPANY_FIELD_LABELS.dueDays} skal være et helt antal dage fra 0 til ${DUE_DAYS_MAX}`,
} as const;

/**
 * 'Betalingsfrist' in whole days, 0 to DUE_DAYS_MAX; the form sends what was typed ('14'), a JSON client a number.
 * Optional: a profile saved without it keeps the clinic's (DEFAULT_DUE_DAYS until changed).
 */
const dueDays = z
  .union([z.number(), z.string().max(10, companyMessages.dueDays)], { error: companyMessages.dueDays })
  .transform((value) => (typeof value === 'number' ? value : /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN))
  .refine((value) => Number.isInteger(value) && value >= 0 && value <= DUE_DAYS_MAX, companyMessages.dueDays);

/**
 * An optional number kept as its digits (leading zeros matter in bank numbers): spaces are dropped, anything
 * else than digits, or more than `max` of them, is refused. A JSON number is taken as its digits.
 */
function optionalDigits(label: string, max: number) {
  const message = companyMessages.digits(label, max);
  return z
    .union([z.string().max(200, message), z.number().int().nonnegative()], { error: message })
    .transform((value) => String(value).replace(/\s+/g, ''))
    .refine((value) => value === '' || (/^\d+$/.test(value) && value.length <= max), message);
}

/** The office e-mail: required, valid, at most 100 characters (spec 3 §5). */
export const officeEmail = z
  .string({ error: companyMessages.emailRequired })
  .trim()
  .min(1, companyMessages.emailRequired)
  .max(COMPANY_FIELD_MAX.email, messages.tooLong(COMPANY_FIELD_LABELS.email, COMPANY_FIELD_MAX.email))
  .pipe(z.email({ error: companyMessages.emailInvalid }));

/** What `setCompany` takes: every profile field but the logo, which has its own upload. */
export const companyProfileInputSchema = z.strictObject({
  companyName: requiredText(COMPANY_FIELD_LABELS.companyName, COMPANY_FIELD_MAX.companyName),
  email: officeEmail,
  mobilePay: optionalDigits(COMPANY_FIELD_LABELS.mobilePay, COMPANY_FIELD_MAX.mobilePay).default(''),
  CVR: cvr,
  phone,
  moms: z.boolean({ error: 'Vælg om klinikken er momsregistreret' }).optional(),
  address: requiredText(COMPANY_FIELD_LABELS.address, COMPANY_FIELD_MAX.address),
  town: requiredText(COMPANY_FIELD_LABELS.town, COMPANY_FIELD_MAX.town),
  post,
  regNumber: optionalDigits(COMPANY_FIELD_LABELS.regNumber, COMPANY_FIELD_MAX.regNumber).default(''),
  accountNumber: optionalDigits(COMPANY_FIELD_LABELS.accountNumber, COMPANY_FIELD_MAX.accountNumber).default(''),
  dueDays: dueDays.optional(),
});
export type CompanyProfileInput = z.input<typeof companyProfileInputSchema>;

/**
 * The logo file as the browser and the server first see it: the name must end in .jpg, .jpeg or .png, and the
 * size be at most 5,120,000 bytes. The server then decodes the content (sharp), so a renamed file is refused too.
 * Answers the message to show, or null.
 */
export function logoFileProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(extension)) return companyMessages.logoType;
  if (file.size > LOGO_MAX_BYTES) return companyMessages.logoTooLarge;
  return null;
}
