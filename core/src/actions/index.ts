/**
 * The action catalogue: every action the API answers, by name. Adding an action means adding its contract
 * here and its handler in api/src/actions; the API refuses to start when the two disagree.
 */
import type { z } from 'zod';
import { accessLogActions } from './access-log.js';
import { accountingActions } from './accounting.js';
import { authActions } from './auth.js';
import { bookingPaymentActions } from './booking-payments.js';
import { bookingRefundActions } from './booking-refunds.js';
import { calendarFeedActions } from './calendar-feed.js';
import { clientActions } from './clients.js';
import { commerceActions } from './commerce.js';
import { contactActions } from './contact.js';
import { driveActions } from './drive.js';
import { holidayActions } from './holidays.js';
import { imageActions } from './images.js';
import { importActions } from './import.js';
import { invoiceActions } from './invoices.js';
import { journalActions } from './journals.js';
import { courseActions } from './courses.js';
import { onlineBookingActions } from './online-booking.js';
import { paymentAccountActions } from './payment-account.js';
import { platformActions } from './platform.js';
import { portalActions } from './portal.js';
import { roomActions } from './rooms.js';
import { schedulingActions } from './scheduling.js';
import { statisticsActions } from './statistics.js';
import { therapistActions } from './therapists.js';
import { treatmentActions } from './treatments.js';
import { waitlistActions } from './waitlist.js';

export const actions = {
  ...authActions,
  ...treatmentActions,
  ...schedulingActions,
  ...courseActions,
  ...onlineBookingActions,
  ...clientActions,
  ...journalActions,
  ...imageActions,
  ...driveActions,
  ...invoiceActions,
  ...commerceActions,
  ...therapistActions,
  ...accountingActions,
  ...contactActions,
  ...platformActions,
  ...importActions,
  ...holidayActions,
  ...portalActions,
  ...waitlistActions,
  ...roomActions,
  ...calendarFeedActions,
  ...accessLogActions,
  ...statisticsActions,
  ...bookingPaymentActions,
  ...bookingRefundActions,
  ...paymentAccountActions,
} as const;

export type Actions = typeof actions;
export type ActionName = keyof Actions;
/** What a caller sends (before parsing: defaults optional, numbers as given). */
export type ActionInput<A extends ActionName> = z.input<Actions[A]['input']>;
/** What a handler receives (after parsing and normalisation). */
export type ParsedInput<A extends ActionName> = z.output<Actions[A]['input']>;
/** The answer envelope of an action. */
export type ActionOutput<A extends ActionName> = z.output<Actions[A]['output']>;

export function isActionName(name: string): name is ActionName {
  return Object.prototype.hasOwnProperty.call(actions, name);
}

export * from './access-log.js';
export * from './accounting.js';
export * from './auth.js';
export * from './booking-payments.js';
export * from './booking-refunds.js';
export * from './calendar-feed.js';
export * from './clients.js';
export * from './commerce.js';
export * from './contact.js';
export * from './drive.js';
export * from './holidays.js';
export * from './images.js';
export * from './import.js';
export * from './invoices.js';
export * from './statistics.js';
export * from './journals.js';
export * from './courses.js';
export * from './online-booking.js';
export * from './payment-account.js';
export * from './platform.js';
export * from './portal.js';
export * from './rooms.js';
export * from './scheduling.js';
export * from './treatments.js';
export * from './therapists.js';
export * from './waitlist.js';
