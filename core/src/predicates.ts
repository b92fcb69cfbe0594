/**
 * The field rules as plain predicates, without zod: the public booking page checks with these (its budget has no
 * room for zod), and the zod schemas in fields.ts are built on the same functions, so both agree.
 */

const PHONE_PATTERN = /^\+?\d{8,}$/;

/** Spec 1 §5: an optional plus followed by at least 8 digits; spaces are ignored. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/\s+/g, ''));
}

/** Six digits that are a real date ddmmyy (CPR numbers need not pass modulus 11: never check that). */
export function isCprBirthDate(value: string): boolean {
  if (!/^\d{6}$/.test(value)) return false;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && day <= new Date(Date.UTC(2000, month, 0)).getUTCDate();
}

export function isCprLast4(value: string): boolean {
  return /^\d{4}$/.test(value.replace(/\s+/g, ''));
}

/** A full CPR number, with or without the dash: ten digits, the first six a date. */
export function normalizeFullCpr(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) && isCprBirthDate(digits.slice(0, 6)) ? digits : null;
}

/** A practical e-mail check (the server applies zod's full check). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
