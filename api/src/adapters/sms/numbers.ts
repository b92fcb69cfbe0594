/**
 * Phone numbers for SMS: a client's number as typed ('20 12 34 56', '+45 20123456', '0045 20-12-34-56') made into
 * E.164, or null when it cannot receive SMS. libphonenumber's full ('max') metadata knows each number's type, so a
 * fixed line, a toll-free or a premium-rate number is told apart from a mobile one. Denmark numbers nearly all its
 * ranges as 'fixed line or mobile' (a number moves between them freely); those count as able to receive SMS.
 */
import { parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/core';
// The metadata passed explicitly (the package's 'max' entry does the same inside): its own relative import of the
// metadata would load the raw JSON file under jest, which maps away the '.js' of relative imports.
import metadata from 'libphonenumber-js/metadata.max.json';

const SMS_CAPABLE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** Anything longer is not a phone number; libphonenumber is not asked about it. */
const MAX_INPUT_LENGTH = 64;

/** The number in E.164 (+4520123456), or null for a number that is invalid or cannot receive SMS. */
export function normalizeSmsNumber(raw: string, defaultCountry: CountryCode = 'DK'): string | null {
  const input = raw.trim();
  if (!input || input.length > MAX_INPUT_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(input, { defaultCountry }, metadata);
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  return type && SMS_CAPABLE_TYPES.has(type) ? parsed.number : null;
}

/** Whether `value` has the shape of an E.164 number (what normalizeSmsNumber answers). */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value);
}

/** The number for logs and lists, all but its last four digits hidden: '+45 •• •• 34 56'. */
export function maskedNumber(e164: string): string {
  const parsed = isE164(e164) ? parsePhoneNumberFromString(e164, metadata) : undefined;
  if (!parsed) {
    const digits = e164.replace(/\D/g, '');
    return '•'.repeat(Math.max(digits.length - 2, 3)) + digits.slice(-2);
  }
  const prefix = `+${parsed.countryCallingCode}`;
  const national = parsed.formatInternational().slice(prefix.length);
  let shown = national.replace(/\D/g, '').length - 4;
  const masked = national.replace(/\d/g, (digit) => (shown-- > 0 ? '•' : digit));
  return prefix + masked;
}
