/**
 * The registry: every contract of @klinik/core bound to its handler. Default deny: the API refuses to start
 * when a contract has no handler, a handler has no contract, a contract has no valid access level, or lacks the
 * policy its access requires (a rate limit when anyone may call it, an audit declaration when an administrator may).
 */
import { ACCESS_LEVELS, accessLevelsOf, actions, type ActionName } from '@klinik/core';
import { accessLogHandlers } from './access-log.js';
import { accountingHandlers } from './accounting.js';
import { authHandlers } from './auth.js';
import { bookingPaymentHandlers } from './booking-payments.js';
import { bookingRefundHandlers } from './booking-refunds.js';
import { calendarFeedHandlers } from './calendar-feed.js';
import { clientHandlers } from './clients.js';
import { commerceHandlers } from './commerce.js';
import { contactHandlers } from './contact.js';
import { courseHandlers } from './courses.js';
import { driveHandlers } from './drive.js';
import { holidayHandlers } from './holidays.js';
import { imageHandlers } from './images.js';
import { importHandlers } from './import.js';
import { invoiceHandlers } from './invoices.js';
import { journalHandlers } from './journals.js';
import { onlineBookingHandlers } from './online-booking.js';
import { paymentAccountHandlers } from './payment-account.js';
import { platformHandlers } from './platform.js';
import { portalHandlers } from './portal.js';
import { roomHandlers } from './rooms.js';
import { schedulingHandlers } from './scheduling.js';
import { statisticsHandlers } from './statistics.js';
import { therapistHandlers } from './therapists.js';
import { treatmentHandlers } from './treatments.js';
import { waitlistHandlers } from './waitlist.js';
import type { Handler, Handlers } from './types.js';

/** One handler file per contract group of core/src/actions. */
export const handlers: Handlers<ActionName> = {
  ...authHandlers,
  ...bookingPaymentHandlers,
  ...treatmentHandlers,
  ...schedulingHandlers,
  ...courseHandlers,
  ...onlineBookingHandlers,
  ...clientHandlers,
  ...journalHandlers,
  ...imageHandlers,
  ...driveHandlers,
  ...invoiceHandlers,
  ...commerceHandlers,
  ...therapistHandlers,
  ...accountingHandlers,
  ...contactHandlers,
  ...portalHandlers,
  ...platformHandlers,
  ...importHandlers,
  ...holidayHandlers,
  ...waitlistHandlers,
  ...roomHandlers,
  ...calendarFeedHandlers,
  ...accessLogHandlers,
  ...statisticsHandlers,
  ...bookingRefundHandlers,
  ...paymentAccountHandlers,
};

export function assertRegistryComplete(table: Record<string, unknown> = handlers): void {
  const problems: string[] = [];
  for (const [name, contract] of Object.entries(actions)) {
    const levels = accessLevelsOf(contract);
    if (levels.length === 0 || levels.some((level) => !(ACCESS_LEVELS as readonly string[]).includes(level))) {
      problems.push(`${name}: no valid access level`);
    }
    if (typeof table[name] !== 'function') problems.push(`${name}: no handler`);
    // The types require both already; a contract built around them (a cast) is still refused here.
    if (levels.includes('public') && !contract.rateLimit) problems.push(`${name}: public without a rate limit`);
    if (levels.includes('superadmin') && !contract.audit) problems.push(`${name}: administrator action without an audit declaration`);
  }
  for (const name of Object.keys(table)) {
    if (!(name in actions)) problems.push(`${name}: handler without a contract`);
  }
  if (problems.length) throw new Error(`Action registry is incomplete:\n${problems.join('\n')}`);
}

export function handlerFor<A extends ActionName>(name: A): Handler<A> {
  return handlers[name];
}
