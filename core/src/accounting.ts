/**
 * The accounting integration's pure rules (spec 3 §3 Transfer result, §4 Accounting connection and Integration
 * settings, §5 Integration dates): the Danish texts, the integration settings ('transfer everything' or a
 * period whose both dates are required), the transfer counts, and what of a client may ever reach the accounting
 * system. Shared by the API (which decides) and mf-commerce (which shows), so both agree by construction.
 */

export const accountingMessages = {
  /** Spec 3 §5, Integration dates: from or to missing in period mode. */
  fieldRequired: 'Feltet er påkrævet.',
  /** Spec 3 §8: no connection url. */
  noConnectionUrl: 'something went wrong',
  /** Spec 3 §8: the transfer failed. */
  transferFailed: 'Overførelse fejlede',
  /** Spec 3 §8: an exception on the return page. */
  exception: 'Something went wrong...!',
  periodOrder: 'Fra-datoen skal ligge før til-datoen.',
  addOnInactive: 'Dinero-integrationen er ikke aktiveret. Aktiver den under Tilføjelser.',
  notConnected: 'Klinikken er ikke forbundet til Dinero.',
  connectionExpired: 'Forbindelsen til Dinero er udløbet. Forbind igen.',
  codeInvalid: 'Godkendelsen fra Dinero er ugyldig eller udløbet. Forbind igen.',
  stateInvalid: 'Forbindelsen blev startet fra en anden klinik eller er udløbet. Forbind igen.',
  unavailable: 'Dinero kunne ikke nås lige nu. Prøv igen om lidt.',
  transferDone: 'Overførslen er gennemført',
  transferPartly: 'Overførslen er gennemført med fejl',
  disconnected: 'Forbindelsen til Dinero er fjernet',
  toConsent: 'Du sendes videre til Dinero',
  entityFailed: 'Kunne ikke overføres til Dinero',
  /** The transfer runs in the background; the pages follow it. */
  transferStarted: 'Overførslen til Dinero er startet',
  /** A second start while one runs answers the run under way. */
  transferRunning: 'En overførsel til Dinero er allerede i gang',
  transferNotFound: 'Overførslen findes ikke',
  /** A run whose process died again and again (MAX_ATTEMPTS in jobs/accounting-transfers.ts). */
  transferGaveUp: 'Overførslen kunne ikke gennemføres. Prøv igen, eller kontakt support.',
} as const;

export const ACCOUNTING_ENTITIES = ['invoice', 'contact', 'product'] as const;
export type AccountingEntity = (typeof ACCOUNTING_ENTITIES)[number];

/** The counts of one kind of record in a transfer (spec 3 §3). */
export interface TransferCount {
  success: number;
  fail: number;
  total: number;
  alreadyAdded: number;
  /** The first failure's message, in Danish, without any client data; null when nothing failed. */
  error: string | null;
}

export function emptyCount(): TransferCount {
  return { success: 0, fail: 0, total: 0, alreadyAdded: 0, error: null };
}

/** Adds one outcome to a count (a new record, one already in the accounting system, or a failure). */
export function countOutcome(count: TransferCount, outcome: 'success' | 'alreadyAdded' | 'fail', error?: string): TransferCount {
  return {
    ...count,
    total: count.total + 1,
    success: count.success + (outcome === 'success' ? 1 : 0),
    alreadyAdded: count.alreadyAdded + (outcome === 'alreadyAdded' ? 1 : 0),
    fail: count.fail + (outcome === 'fail' ? 1 : 0),
    error: count.error ?? (outcome === 'fail' ? (error ?? accountingMessages.entityFailed) : null),
  };
}

/** The integration settings (spec 3 §4): everything, or a period of issue dates (YYYY-MM-DD, Copenhagen). */
export interface IntegrationSettings {
  allDataFlag: boolean;
  fromDate?: string | null;
  toDate?: string | null;
}

export type TransferScope = { kind: 'all' } | { kind: 'period'; fromDate: string; toDate: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The settings' field errors ('Feltet er påkrævet.' for a missing date in period mode; a period ending before it
 * starts), or the transfer's scope. The dialog and the server use this one rule.
 */
export function transferScope(settings: IntegrationSettings): { scope: TransferScope; errors: null } | { scope: null; errors: Partial<Record<'fromDate' | 'toDate', string>> } {
  if (settings.allDataFlag) return { scope: { kind: 'all' }, errors: null };
  const errors: Partial<Record<'fromDate' | 'toDate', string>> = {};
  const fromDate = settings.fromDate?.trim() ?? '';
  const toDate = settings.toDate?.trim() ?? '';
  if (!DATE.test(fromDate)) errors.fromDate = accountingMessages.fieldRequired;
  if (!DATE.test(toDate)) errors.toDate = accountingMessages.fieldRequired;
  if (!errors.fromDate && !errors.toDate && fromDate > toDate) errors.toDate = accountingMessages.periodOrder;
  if (errors.fromDate || errors.toDate) return { scope: null, errors };
  return { scope: { kind: 'period', fromDate, toDate }, errors: null };
}

/**
 * What of a client may reach the accounting system: name, address, e-mail and phone, nothing else. Never the CPR
 * number, journal texts, intake answers or any other health data
 * (docs/decisions/0018-accounting-transfer-in-the-background.md). Built field by field from an allow-list, so a new
 * field on the client record cannot leak by accident.
 */
export interface AccountingContactFields {
  name: string;
  street: string;
  zipCode: string;
  city: string;
  email: string;
  phone: string;
}

export function accountingContactFields(client: {
  nameFirst?: string | null;
  nameLast?: string | null;
  address?: string | null;
  post?: string | null;
  town?: string | null;
  email?: string | null;
  phonePrivate?: string | null;
  phoneWork?: string | null;
}): AccountingContactFields {
  const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
  return {
    name: [text(client.nameFirst), text(client.nameLast)].filter(Boolean).join(' '),
    street: text(client.address),
    zipCode: text(client.post),
    city: text(client.town),
    email: text(client.email),
    phone: text(client.phonePrivate) || text(client.phoneWork),
  };
}

/**
 * The accounting-verification return route (spec 3 §2: its path is not named there): the consent page sends the
 * browser back here with `code` and `state`. Registered as the redirect address at Visma Connect. One of the shell's
 * `/payment/*` return pages (mf-commerce PaymentReturn loads it lazily): a route of its own would be a new federated
 * page, which regroups the remote's shared chunks and pushed /Abonnement/{id} over its 60 KB budget.
 */
export const ACCOUNTING_RETURN_PATH = '/payment/dinero-verification';
