/**
 * The personal details of the intake form: the fields and their checks come from @klinik/core/records (shared
 * with the public /ClientForm); here the draft kept in localStorage (spec 2 §4, §5) and the server's field errors.
 */
import {
  CLIENT_DRAFT_KEY,
  CLIENT_DRAFT_TTL_MS,
  INTAKE_PERSONAL_FIELDS,
  type IntakePersonalErrors,
  type IntakePersonalField,
  type IntakePersonalValues,
} from '@klinik/core/records';

export {
  INTAKE_PERSONAL_FIELDS as PERSONAL_FIELDS,
  EMPTY_INTAKE_PERSONAL as EMPTY_PERSONAL,
  intakePersonalProblem as personalProblem,
  intakePersonalProblems as personalProblems,
  type IntakePersonalValues as PersonalFields,
  type IntakePersonalField as PersonalField,
  type IntakePersonalErrors as PersonalErrors,
} from '@klinik/core/records';

/**
 * Fields kept in the browser: never the CPR digits. localStorage is plain text on the device that outlives the
 * session and is read by any script of the origin; the CPR number is the one field that identifies the client.
 */
const DRAFT_FIELDS = INTAKE_PERSONAL_FIELDS.filter((field) => field !== 'CPR6Digit' && field !== 'CPRLast4Digit');

type DraftValue = Partial<Omit<IntakePersonalValues, 'CPR6Digit' | 'CPRLast4Digit'>>;

/** The stored draft if it is younger than 20 minutes; an expired or unreadable one is removed. */
export function readDraft(now: number): DraftValue | null {
  try {
    const raw = window.localStorage.getItem(CLIENT_DRAFT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { value?: unknown; timestamp?: unknown };
    if (typeof stored.timestamp !== 'number' || now - stored.timestamp >= CLIENT_DRAFT_TTL_MS || !stored.value || typeof stored.value !== 'object') {
      window.localStorage.removeItem(CLIENT_DRAFT_KEY);
      return null;
    }
    const value: DraftValue = {};
    const source = stored.value as Record<string, unknown>;
    for (const field of DRAFT_FIELDS) {
      const entry = source[field];
      if (typeof entry === 'string') value[field] = entry;
    }
    return Object.values(value).some(Boolean) ? value : null;
  } catch {
    // Storage blocked (private mode, a policy) or a damaged entry: start with an empty form.
    return null;
  }
}

export function writeDraft(fields: IntakePersonalValues, now: number): void {
  const value: DraftValue = {};
  for (const field of DRAFT_FIELDS) value[field] = fields[field];
  try {
    if (Object.values(value).some(Boolean)) window.localStorage.setItem(CLIENT_DRAFT_KEY, JSON.stringify({ value, timestamp: now }));
    else window.localStorage.removeItem(CLIENT_DRAFT_KEY);
  } catch {
    // Storage full or blocked: the form still works, only the draft is not kept.
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(CLIENT_DRAFT_KEY);
  } catch {
    // See writeDraft.
  }
}

/** Server field errors (paths like `client.nameFirst`) → the page's fields; the rest is one top message. */
export function splitServerErrors(errors: Record<string, string>): { fields: IntakePersonalErrors; other: string[] } {
  const fields: IntakePersonalErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const name = path.replace(/^client\./, '');
    const text = message.startsWith('Fejl: ') ? message : `Fejl: ${message}`;
    if ((INTAKE_PERSONAL_FIELDS as readonly string[]).includes(name)) fields[name as IntakePersonalField] = text;
    else other.push(message);
  }
  return { fields, other };
}
