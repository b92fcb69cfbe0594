/**
 * The values of an old system's export, from the strings the reading layer (read.ts) hands over to what
 * our records hold. Each parser answers the value, or a Danish reason the report shows beside the row number; none
 * throws. What they accept, and why:
 *
 * - Numbers: Danish text ('1.234,50', '450,00', '450', '-25,5', with 'kr.'/'DKK' and spaces); a spreadsheet's number
 *   cells arrive from the reader with a decimal comma ('1234,5', read-excel.ts). A dot alone (a CSV written by an
 *   English-language export) is a decimal point unless it groups thousands exactly ('1.250' and '12.500.000' are
 *   Danish thousands; '1.25' is one and a quarter): the one ambiguous case, decided the way a Danish export writes
 *   whole kroner.
 * - Times: 'DD-MM-YYYY HH:MM' (also '.', '/' as date separators, seconds, 'kl.'), 'YYYY-MM-DD' and ISO
 *   'YYYY-MM-DDTHH:MM', Copenhagen wall time; a date that does not exist (31-02-2026) is refused, not rolled over.
 * - CPR: 'DDMMYY-XXXX' or ten digits, the first six a real date (modulus 11 is never checked: CPR numbers since
 *   2007 need not pass it).
 * - Text: trimmed; a cell that a spreadsheet would run as a formula ('=HYPERLINK(…)', '+cmd', '@SUM(…)', '-2+3')
 *   is refused in text fields, so such a value never reaches a record, a PDF or a later export.
 */
import { copenhagenWallTime, isCprBirthDate, isValidPhone, looksLikeEmail } from '@klinik/core';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

export const valueTexts = {
  number: (column: string, text: string) => `${column}: '${text}' er ikke et tal`,
  time: (column: string, text: string) => `${column}: '${text}' er ikke en dato og et tidspunkt (DD-MM-ÅÅÅÅ TT:MM)`,
  date: (column: string, text: string) => `${column}: '${text}' er ikke en dato (DD-MM-ÅÅÅÅ)`,
  required: (column: string) => `${column} mangler`,
  // A person's CPR number, phone and e-mail are not repeated: the report is stored and mailed (the row number finds them).
  cpr: 'CPR er ikke et gyldigt CPR-nummer (DDMMÅÅ-XXXX med en fødselsdato der findes)',
  phone: 'Telefonnummer er ikke et telefonnummer (mindst 8 cifre)',
  email: 'E-mail er ikke en e-mailadresse',
  formula: (column: string) => `${column} indeholder en regnearksformel; den importeres ikke`,
  tooLong: (column: string, max: number) => `${column} er længere end ${max} tegn`,
  minutes: (column: string, text: string) => `${column}: '${text}' er ikke et antal minutter`,
  vatRate: (column: string, text: string) => `${column}: '${text}' er ikke en dansk momssats (25 % eller 0 %)`,
  vatTooLarge: (column: string) => `${column} er større end linjens beløb`,
} as const;

/** A cell a spreadsheet would evaluate: '=', '+', '-' or '@' first, or a tab or carriage return (OWASP, CSV injection). */
export function looksLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/** Trimmed text; '' when empty. Refused when it would run as a formula or is longer than `max`. */
export function parseText(column: string, raw: string | undefined, options: { required?: boolean; max?: number } = {}): Parsed<string> {
  const text = (raw ?? '').trim();
  if (!text) return options.required ? fail(valueTexts.required(column)) : ok('');
  if (looksLikeFormula(text)) return fail(valueTexts.formula(column));
  if (text.length > (options.max ?? 200)) return fail(valueTexts.tooLong(column, options.max ?? 200));
  return ok(text);
}

const THOUSANDS_WITH_DOTS = /^\d{1,3}(\.\d{3})+$/;

/** A Danish or spreadsheet number (see above); null for an empty cell. */
export function parseNumber(column: string, raw: string | undefined): Parsed<number | null> {
  let text = (raw ?? '').replace(/[\s\u00a0]/g, '').replace(/(kr\.?|dkk)$/i, '').replace(/^(kr\.?|dkk)/i, '');
  if (!text) return ok(null);
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  let normal: string;
  if (text.includes(',')) {
    // Danish: '.' groups thousands (in threes), ',' is the decimal comma.
    const [whole = '', decimals, ...rest] = text.split(',');
    if (rest.length || !(/^\d+$/.test(whole) || THOUSANDS_WITH_DOTS.test(whole)) || !/^\d+$/.test(decimals ?? '')) return fail(valueTexts.number(column, raw!.trim()));
    normal = `${whole.replace(/\./g, '')}.${decimals}`;
  } else if (THOUSANDS_WITH_DOTS.test(text)) {
    normal = text.replace(/\./g, '');
  } else if (/^\d+(\.\d+)?$/.test(text)) {
    normal = text;
  } else {
    return fail(valueTexts.number(column, raw!.trim()));
  }
  const value = Number(normal);
  return Number.isFinite(value) ? ok(negative ? -value : value) : fail(valueTexts.number(column, raw!.trim()));
}

/** Kroner to øre (whole), the unit our invoices count in. */
export function parseAmountOre(column: string, raw: string | undefined, options: { required?: boolean } = {}): Parsed<number | null> {
  const parsed = parseNumber(column, raw);
  if (!parsed.ok) return parsed;
  if (parsed.value === null) return options.required ? fail(valueTexts.required(column)) : parsed;
  return ok(Math.round(parsed.value * 100));
}

/** What an invoice line's Moms cell says: the VAT in øre, and whether the line was exempt from VAT. */
export interface LineVat {
  vatOre: number;
  /** Said so in words ('Momsfri', 'Fritaget'): a health service exempt by law, and printed so. */
  vatExempt: boolean;
}

const EXEMPT_WORDS = /^(momsfri(t)?|fritaget|fri(taget)? for moms|momsfritaget)$/i;

/**
 * An invoice line's Moms cell, where the old system has it, for a line of `grossOre` (Pris − Rabat, VAT
 * included): the VAT amount in kroner ('109,38'), a rate ('25 %', '0%'; the VAT then included in the gross, to the
 * øre half up), or 'Momsfri'. An empty cell is no VAT, as the line was read before. VAT larger than the line itself
 * cannot be, and is refused.
 */
export function parseLineVat(column: string, raw: string | undefined, grossOre: number): Parsed<LineVat> {
  const text = (raw ?? '').trim();
  if (EXEMPT_WORDS.test(text)) return ok({ vatOre: 0, vatExempt: true });
  const rate = /^(\d{1,3})(?:[,.]0+)?\s*%$/.exec(text);
  if (rate) {
    const percent = Number(rate[1]);
    if (percent !== 0 && percent !== 25) return fail(valueTexts.vatRate(column, text));
    // The VAT inside a gross amount at 25 % is a fifth of it.
    const vat = percent === 0 ? 0 : Math.sign(grossOre) * Math.floor((Math.abs(grossOre) * percent + (100 + percent) / 2) / (100 + percent));
    return ok({ vatOre: vat, vatExempt: false });
  }
  if (text.endsWith('%')) return fail(valueTexts.vatRate(column, text));
  const amount = parseAmountOre(column, text);
  if (!amount.ok) return amount;
  const vatOre = amount.value ?? 0;
  if (Math.abs(vatOre) > Math.abs(grossOre)) return fail(valueTexts.vatTooLarge(column));
  return ok({ vatOre, vatExempt: false });
}

/** Minutes ('45', '45 min', '1:30'), for durations and pauses. */
export function parseMinutes(column: string, raw: string | undefined): Parsed<number | null> {
  const text = (raw ?? '').trim().toLowerCase();
  if (!text) return ok(null);
  const clock = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return ok(Number(clock[1]) * 60 + Number(clock[2]));
  const plain = /^(\d{1,4})(?:[.,]0+)?\s*(?:min\.?|minutter)?$/.exec(text);
  return plain ? ok(Number(plain[1])) : fail(valueTexts.minutes(column, raw!.trim()));
}

const DAY_FIRST = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})(?:[ T]+(?:kl\.?\s*)?(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$/i;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function realDate(year: number, month: number, day: number): boolean {
  return year >= 1900 && year <= 2200 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A Copenhagen wall time as epoch ms; null for an empty cell. `dateOnly` refuses a time of day (Dato columns).
 * An ISO time with a zone ('…Z', '+01:00') is read as that instant.
 */
export function parseTime(column: string, raw: string | undefined, options: { dateOnly?: boolean } = {}): Parsed<number | null> {
  const text = (raw ?? '').trim();
  if (!text) return ok(null);
  const refuse = () => fail<number | null>(options.dateOnly ? valueTexts.date(column, text) : valueTexts.time(column, text));
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text) && YEAR_FIRST.test(text)) {
    const instant = Date.parse(text);
    return Number.isFinite(instant) ? ok(instant) : refuse();
  }
  const dayFirst = DAY_FIRST.exec(text);
  const yearFirst = dayFirst ? null : YEAR_FIRST.exec(text);
  const parts = dayFirst
    ? { day: dayFirst[1], month: dayFirst[2], year: dayFirst[3], hours: dayFirst[4], minutes: dayFirst[5] }
    : yearFirst
      ? { year: yearFirst[1], month: yearFirst[2], day: yearFirst[3], hours: yearFirst[4], minutes: yearFirst[5] }
      : null;
  if (!parts) return refuse();
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  if (!realDate(year, month, day)) return refuse();
  if (parts.hours !== undefined && options.dateOnly && !(Number(parts.hours) === 0 && Number(parts.minutes) === 0)) return refuse();
  const hours = Number(parts.hours ?? 0);
  const minutes = Number(parts.minutes ?? 0);
  if (hours > 23 || minutes > 59) return refuse();
  return ok(copenhagenWallTime(year, month, day, hours, minutes));
}

/** A CPR number as our records keep it: the birth date's six digits and the last four. */
export function parseCpr(raw: string | undefined): Parsed<{ cpr6: string; last4: string } | null> {
  const text = (raw ?? '').trim();
  if (!text) return ok(null);
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits) || !isCprBirthDate(digits.slice(0, 6))) return fail(valueTexts.cpr);
  return ok({ cpr6: digits.slice(0, 6), last4: digits.slice(6) });
}

/** A phone number with its spaces taken out ('+45 12 34 56 78' → '+4512345678'); '' when empty. */
export function parsePhone(raw: string | undefined): Parsed<string> {
  const text = (raw ?? '').trim();
  if (!text) return ok('');
  const compact = text.replace(/[\s\u00a0]/g, '');
  return isValidPhone(compact) ? ok(compact) : fail(valueTexts.phone);
}

export function parseEmail(raw: string | undefined): Parsed<string> {
  const text = (raw ?? '').trim().toLowerCase();
  if (!text) return ok('');
  return text.length <= 100 && looksLikeEmail(text) ? ok(text) : fail(valueTexts.email);
}

/** 'Fornavn Mellemnavn Efternavn': the last word is the surname, the rest the first names ('Madonna': first only). */
export function splitName(full: string): { nameFirst: string; nameLast: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { nameFirst: words[0] ?? '', nameLast: '' };
  return { nameFirst: words.slice(0, -1).join(' '), nameLast: words.at(-1)! };
}

/** 'Vej 12, 2100 København Ø' (also with more commas before the post code): street, post code and town; else all street. */
export function splitAddress(full: string): { address: string; post: string; town: string } {
  const match = /^(.*?),?\s*\b(\d{4})\s+([^\d,][^,]*)$/.exec(full.trim());
  if (!match || !match[1]!.trim()) return { address: full.trim(), post: '', town: '' };
  return { address: match[1]!.trim().replace(/,$/, ''), post: match[2]!, town: match[3]!.trim() };
}
