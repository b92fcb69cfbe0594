/**
 * Stamdata as an editable record: the Client fields a therapist can change (spec 2, Client; §5 Client data),
 * the spec's rules checked before a save (an invalid value is shown, never sent), and what each input keeps.
 */
import type { ClientChanges, ClientRecord } from '@klinik/core';
import { isCprBirthDate, isValidPhone, looksLikeEmail } from '@klinik/core/rules';
import { INTAKE_PERSONAL_FIELDS } from '@klinik/core/records';
import { texts } from '../texts';

const L = texts.stamdata.labels;
const E = texts.stamdata.errors;

export interface StamdataValues {
  nameFirst: string;
  nameLast: string;
  CPR6Digit: string;
  CPRLast4Digit: string;
  address: string;
  post: string;
  town: string;
  email: string;
  phonePrivate: string;
  phoneWork: string;
  phoneRelative: string;
  civilStatus: string;
  sex: number;
  education: string;
  children: string;
  doctor: string;
  otherTreater: string;
  reminder: boolean;
  followUp: boolean;
  newsletter: boolean;
  tags: string[];
}
export type StamdataField = keyof StamdataValues;

export const STAMDATA_FIELDS: readonly StamdataField[] = [
  ...INTAKE_PERSONAL_FIELDS,
  'phoneWork',
  'phoneRelative',
  'civilStatus',
  'sex',
  'education',
  'children',
  'doctor',
  'otherTreater',
  'reminder',
  'followUp',
  'newsletter',
  'tags',
];

export function stamdataValues(client: ClientRecord): StamdataValues {
  const values = {} as Record<StamdataField, unknown>;
  for (const field of STAMDATA_FIELDS) values[field] = client[field];
  return values as unknown as StamdataValues;
}

const REQUIRED: readonly StamdataField[] = ['nameFirst', 'nameLast', 'address', 'post', 'town'];
const PHONES: readonly StamdataField[] = ['phonePrivate', 'phoneWork', 'phoneRelative'];

/** The spec's rules for one field: a message, or null when the value may be saved. */
export function validateStamdata(field: StamdataField, value: StamdataValues[StamdataField]): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (REQUIRED.includes(field) && !text) return E.required(L[field]);
  if (field === 'CPR6Digit') {
    if (!/^\d{6}$/.test(text)) return E.CPR6Digit;
    if (!isCprBirthDate(text)) return E.birthDate;
  }
  if (field === 'CPRLast4Digit' && !/^\d{4}$/.test(text)) return E.CPRLast4Digit;
  if ((field === 'post' || field === 'children') && !/^\d*$/.test(text)) return E.digitsOnly(L[field]);
  if (field === 'email' && text && !looksLikeEmail(text)) return E.email;
  if (PHONES.includes(field) && text && !isValidPhone(text)) return E.phone;
  return null;
}

/** Digits only, at most `max` (CPR parts, postcode, number of children). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** A phone as stored: an optional leading + and digits (the field shows them in pairs). */
export function phoneDigits(value: string): string {
  const plus = value.trim().startsWith('+') ? '+' : '';
  return plus + value.replace(/\D/g, '').slice(0, 15);
}

/** The changes of one field, typed by the contract. */
export function oneChange(field: StamdataField, value: StamdataValues[StamdataField]): ClientChanges {
  return { [field]: value };
}
