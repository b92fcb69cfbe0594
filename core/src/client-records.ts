/**
 * Client records, journals, images and storage (spec 2: Client, Journal, Custom field, Comment, Image entry;
 * §4 Journal and master journal fields, Images; §5 Client data, Images; §9). Pure rules without zod, so the
 * browser and the server decide the 24-hour windows, file limits and storage warning the same way.
 */
import { DAY_MS } from './constants.js';
import { clientMessages, newClientMessages } from './messages-scheduling.js';
import { isCprBirthDate, isCprLast4, isValidPhone, looksLikeEmail } from './predicates.js';

/** Journal and comment edit window (spec 2 §9). */
export const JOURNAL_EDIT_WINDOW_MS = DAY_MS;
/** Field saves debounce 300 ms; comment saves 2 s (spec 2 §4). */
export const FIELD_SAVE_DEBOUNCE_MS = 300;
export const COMMENT_SAVE_DEBOUNCE_MS = 2_000;

/** A journal can be written until 24 hours after its booking ended. */
export function isJournalEditable(bookingEnd: number, now: number): boolean {
  return now < bookingEnd + JOURNAL_EDIT_WINDOW_MS;
}

/** A field can be changed until 24 hours after its first input; a field never written is open. */
export function isFieldEditable(firstInputDate: number | null | undefined, now: number): boolean {
  return firstInputDate == null || now < firstInputDate + JOURNAL_EDIT_WINDOW_MS;
}

/** A comment is read-only 24 hours after it was created. */
export function isCommentEditable(createdAt: number, now: number): boolean {
  return now < createdAt + JOURNAL_EDIT_WINDOW_MS;
}

/** The four text fields of a journal, with the name of the stamp of their first input (spec 2, Journal). */
export const JOURNAL_TEXT_FIELDS = ['effect', 'treatment', 'followUp', 'remark'] as const;
export type JournalTextField = (typeof JOURNAL_TEXT_FIELDS)[number];
export const JOURNAL_FIRST_INPUT_STAMP: Record<JournalTextField, string> = {
  effect: 'firstInputEffectDate',
  treatment: 'firstInputTreatmentUpDate',
  followUp: 'firstInputFollowUpDate',
  remark: 'firstInputRemarkUpDate',
};
export const JOURNAL_FIELD_LABELS: Record<JournalTextField, string> = {
  effect: 'Effekt af sidste behandling',
  treatment: 'Behandling',
  followUp: 'Opfølgning',
  remark: 'Bemærkninger',
};

/**
 * The master journal (Stamjournal) of every client starts with these fields (locked: they cannot be renamed or
 * deleted). Only the first four take comments (spec 2 §4). 'Aktuel behandling' and 'Opfølgende behandling' go on
 * invoices (spec 2, Invoice snapshot).
 */
export const STAMJOURNAL_DEFAULT_FIELDS = [
  'Årsag til henvendelse',
  'Aktuel behandling',
  'Opfølgende behandling',
  'Sygdomshistorie',
  'Medicin',
  'Tidligere behandlinger',
] as const;
export const STAMJOURNAL_COMMENTABLE_FIELDS = 4;

export const CIVIL_STATUSES = ['Single', 'Gift', 'Samboende', 'Enke'] as const;
export type CivilStatus = (typeof CIVIL_STATUSES)[number];
export const SEX_LABELS = { 1: 'Mand', 2: 'Kvinde' } as const;

/** Images (spec 2 §5, §9). */
export const IMAGE_MAX_BYTES = 4_194_304;
export const IMAGE_RESIZED_WIDTH = 800;
export const IMAGE_MAX_PER_UPLOAD = 10;
export const CAMERA_WIDTH = 400;
export const IMAGE_ZIP_NAME = 'journal_images.zip';
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/gif', 'image/png'] as const;
/** The company logo (spec 2 §5): JPG, JPEG or PNG, at most 5 MB. */
export const LOGO_MAX_BYTES = 5_120_000;
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

export function hasImageExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

/** Spec 2 §9: names longer than 20 characters are cut to 20 plus an ellipsis. */
export function shortFileName(name: string): string {
  return name.length > 20 ? `${name.slice(0, 20)}…` : name;
}

/** A camera picture's file name from the client's name (spec 2 §5): letters and digits only, then the time. */
export function cameraFileName(nameFirst: string, nameLast: string, now: number): string {
  const base = `${nameFirst}_${nameLast}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'oe')
    .replace(/å/gi, 'aa')
    .replace(/[^A-Za-z0-9_]+/g, '')
    .toLowerCase();
  return `${base || 'klient'}_${now}.jpg`;
}

/** Storage (spec 2 §9): GB are 1024³ bytes, shown with two decimals; above 80% the panel warns. */
export const BYTES_PER_GB = 1024 ** 3;
export const STORAGE_WARNING_RATIO = 0.8;
/** Every clinic has 1 GB included; the storage add-on adds 5 GB per purchase (spec 3). */
export const INCLUDED_STORAGE_BYTES = BYTES_PER_GB;
export const STORAGE_ADDON_BYTES = 5 * BYTES_PER_GB;

export function formatGb(bytes: number): string {
  return (bytes / BYTES_PER_GB).toFixed(2).replace('.', ',');
}

export function isStorageWarning(usedBytes: number, purchasedBytes: number): boolean {
  return purchasedBytes > 0 && usedBytes / purchasedBytes > STORAGE_WARNING_RATIO;
}

/** Spec 2 §5: storage is full when used plus the new size is not below the purchased bytes. */
export function wouldExceedStorage(usedBytes: number, newBytes: number, purchasedBytes: number): boolean {
  return !(usedBytes + newBytes < purchasedBytes);
}

/** Intake form (spec 2 §4, §5). */
export const CLIENT_DRAFT_KEY = 'clientData';
export const CLIENT_DRAFT_TTL_MS = 1_200_000;
export const COPY_CONFIRMATION_MS = 5_000;
export const FORM_MESSAGE_MS = 7_000;
export const CLIENT_FORM_FIELD_TYPES = ['text', 'number', 'checkbox'] as const;
export type ClientFormFieldType = (typeof CLIENT_FORM_FIELD_TYPES)[number];

/**
 * Spec 2 §5: the intake form's birthday may not lie in the future. The birthday is the CPR number's first six
 * digits (ddMMyy); a two-digit year above this year's is read as the 1900s.
 */
export function isCprBirthdayInFuture(ddMMyy: string, now: number): boolean {
  if (!/^\d{6}$/.test(ddMMyy)) return false;
  const yy = Number(ddMMyy.slice(4, 6));
  const currentYy = new Date(now).getUTCFullYear() % 100;
  const year = (yy > currentYy ? 1900 : 2000) + yy;
  return Date.UTC(year, Number(ddMMyy.slice(2, 4)) - 1, Number(ddMMyy.slice(0, 2))) > now;
}

/** The tags of a client: trimmed, empty ones dropped, duplicates (ignoring case) removed, order kept. */
export function dedupeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLocaleLowerCase('da');
    if (tag && !seen.has(key)) {
      seen.add(key);
      result.push(tag);
    }
  }
  return result;
}

/** Spec 2 §5: the phone mask shows 8 digits in pairs (in @klinik/core/rules, which every page has loaded). */
export { formatPhonePairs } from './format.js';

/** The personal details of the intake form (spec 2 §5), checked the same way by /NewClientForm and /ClientForm. */
export const INTAKE_PERSONAL_FIELDS = ['nameFirst', 'nameLast', 'CPR6Digit', 'CPRLast4Digit', 'address', 'post', 'town', 'email', 'phonePrivate'] as const;
export type IntakePersonalField = (typeof INTAKE_PERSONAL_FIELDS)[number];
export type IntakePersonalValues = Record<IntakePersonalField, string>;
export type IntakePersonalErrors = Partial<Record<IntakePersonalField, string>>;

export const EMPTY_INTAKE_PERSONAL: IntakePersonalValues = {
  nameFirst: '',
  nameLast: '',
  CPR6Digit: '',
  CPRLast4Digit: '',
  address: '',
  post: '',
  town: '',
  email: '',
  phonePrivate: '',
};

const identityMessages = newClientMessages('Fejl: ');
/** The form's messages, 'Fejl: ' first as spec 2 §8 writes them. */
export const intakePersonalMessages = {
  nameFirst: identityMessages.nameFirst,
  nameLast: identityMessages.nameLast,
  CPR6Digit: identityMessages.CPR6Digit,
  CPRLast4Digit: identityMessages.CPRLast4Digit,
  email: identityMessages.email,
  phonePrivate: identityMessages.phone,
  address: `Fejl: ${clientMessages.requiredField('Adresse')}.`,
  post: `Fejl: ${clientMessages.requiredField('Postnummer')}.`,
  postDigits: `Fejl: ${clientMessages.digitsOnly('Postnummer')}.`,
  town: `Fejl: ${clientMessages.requiredField('By')}.`,
  birthdayInFuture: `Fejl: ${clientMessages.birthdayInFuture}.`,
} as const;

/** The first problem of one field (the server's schema applies the same predicates), or undefined. */
export function intakePersonalProblem(field: IntakePersonalField, values: IntakePersonalValues, now: number): string | undefined {
  const value = values[field];
  const E = intakePersonalMessages;
  switch (field) {
    case 'nameFirst':
    case 'nameLast':
    case 'address':
    case 'town':
      return value.trim() ? undefined : E[field];
    case 'post':
      if (!value.trim()) return E.post;
      return /^\d+$/.test(value.trim()) ? undefined : E.postDigits;
    case 'CPR6Digit':
      if (!isCprBirthDate(value)) return E.CPR6Digit;
      return isCprBirthdayInFuture(value, now) ? E.birthdayInFuture : undefined;
    case 'CPRLast4Digit':
      return isCprLast4(value) ? undefined : E.CPRLast4Digit;
    case 'email':
      return looksLikeEmail(value) ? undefined : E.email;
    case 'phonePrivate':
      return isValidPhone(value) ? undefined : E.phonePrivate;
  }
}

export function intakePersonalProblems(values: IntakePersonalValues, now: number): IntakePersonalErrors {
  const problems: IntakePersonalErrors = {};
  for (const field of INTAKE_PERSONAL_FIELDS) {
    const problem = intakePersonalProblem(field, values, now);
    if (problem) problems[field] = problem;
  }
  return problems;
}
