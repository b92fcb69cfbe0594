/**
 * The page's rules, pure (tested in rules.test.ts): what a row shows, what the status dialog does with a choice, the
 * limit, the users table's order and the way back from the payment provider. The subscription rules themselves
 * (labels, the dialog's default) are core's, shared with the server.
 */
import { defaultStatusChoice, MAX_THERAPISTS, therapistMessages, therapistSubscriptionLabel, type StatusChoice, type TherapistSubscriptionStatus } from '@klinik/core/therapists';

export interface SubscriptionLike {
  planType: 'freeTrial' | 'pro';
  status: TherapistSubscriptionStatus;
  endsAt: number | null;
}

export interface RowLike {
  isAdmin: boolean;
  isActive: boolean;
  therapistSubscription: SubscriptionLike | null;
}

export type BadgeColor = 'success' | 'danger' | 'informative';

/** The payment-status column (spec 3 §4): 'IKKE AKTIV' grey, 'AKTIV' green, 'AFLYST' red. */
export function subscriptionBadge(subscription: SubscriptionLike | null): { label: 'IKKE AKTIV' | 'AKTIV' | 'AFLYST'; color: BadgeColor } {
  const label = therapistSubscriptionLabel(subscription?.status ?? null);
  return { label, color: label === 'AKTIV' ? 'success' : label === 'AFLYST' ? 'danger' : 'informative' };
}

/** The therapist's own isActive flag (spec 3 §4): AKTIV or DEAKTIVER. */
export function activeLabel(isActive: boolean): 'AKTIV' | 'DEAKTIVER' {
  return isActive ? 'AKTIV' : 'DEAKTIVER';
}

/** The status dialog's choice on opening (core's rule on the row). */
export function initialStatusChoice(row: RowLike): StatusChoice {
  return defaultStatusChoice(row.isActive, row.therapistSubscription?.status ?? null);
}

/**
 * Spec 3 §5: a choice that would change nothing is refused with its message before anything is sent (the server
 * refuses it too): activating an active therapist, deactivating an inactive one, stopping a subscription that is
 * already cancelled or expired (or that does not exist: nothing to stop).
 */
export function statusRefusal(choice: StatusChoice, row: RowLike): string | null {
  const status = row.therapistSubscription?.status ?? null;
  if (choice === 'active') return row.isActive && status === 'active' ? therapistMessages.alreadyActive : null;
  if (choice === 'deactivate') return row.isActive ? null : therapistMessages.alreadyInactive;
  return status === 'active' || status === 'pending' ? null : therapistMessages.alreadyStopped;
}

export type StatusStep = { kind: 'refused'; message: string } | { kind: 'planChoice' } | { kind: 'payment' } | { kind: 'confirm'; deactive: boolean };

/**
 * What follows a choice in the status dialog (spec 3 §4): active opens the payment dialog (Pro); deactivate and
 * stop-subscription a confirmation. A therapist still waiting for their first plan (pending) gets the plan choice
 * instead, so the free trial the owner skipped after adding stays reachable.
 */
export function statusStep(choice: StatusChoice, row: RowLike): StatusStep {
  const refusal = statusRefusal(choice, row);
  if (refusal) return { kind: 'refused', message: refusal };
  if (choice === 'active') return row.therapistSubscription?.status === 'pending' ? { kind: 'planChoice' } : { kind: 'payment' };
  return { kind: 'confirm', deactive: choice === 'deactivate' };
}

/** Spec 3 §5: adding is blocked at five therapists (the owner included). */
export function canAddTherapist(count: number): boolean {
  return count < MAX_THERAPISTS;
}

export const USER_COLUMNS = ['nameFirst', 'nameLast', 'email', 'isAvailable', 'phone'] as const;
export type UserColumn = (typeof USER_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator('da', { sensitivity: 'base', numeric: true });

/** The users table's order (spec 3: sortable by its columns); ties keep the server's order (first name). */
export function sortUsers<T extends Record<UserColumn, string | boolean>>(rows: readonly T[], column: UserColumn, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const left = a.row[column];
      const right = b.row[column];
      const order = typeof left === 'boolean' || typeof right === 'boolean' ? Number(left) - Number(right) : collator.compare(left, right);
      return order * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The query parameters the payment provider adds on its way back (Frisbii: subscription, payment_method; the sandbox: id, invoice, customer). */
const RETURN_PARAMETERS = ['subscription', 'payment_method', 'id', 'invoice', 'customer'] as const;

/**
 * The way back from the provider's page (spec 3 route table: the page reads subscription and payment_method, then
 * clears them): whether this is a return, the charge to ask the server about (never the address's word), and the
 * query string without the provider's parameters.
 */
export function providerReturn(search: string): { returned: boolean; invoice: string | null; rest: string } {
  const params = new URLSearchParams(search);
  const returned = RETURN_PARAMETERS.some((name) => params.has(name));
  const invoice = params.get('invoice');
  for (const name of RETURN_PARAMETERS) params.delete(name);
  return { returned, invoice: invoice && /^[A-Za-z0-9_-]{4,120}$/.test(invoice) ? invoice : null, rest: params.toString() };
}

export function fullName(therapist: { nameFirst: string; nameLast: string }): string {
  return `${therapist.nameFirst} ${therapist.nameLast}`.trim();
}
