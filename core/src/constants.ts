/**
 * Business constants and limits (spec 1 §9, spec 3 §9). One place, shared by the API and every frontend.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Trial stored at registration: 30 days from now (spec 1 §9: 2,592,000,000 ms). */
export const REGISTRATION_TRIAL_MS = 2_592_000_000;
/** Trial stored when a therapist is created from the users page (spec 3 §7: 90 days). */
export const THERAPIST_TRIAL_MS = 7_776_000_000;

/**
 * The spec says 6; we ask for 10: a short password falls to guessing. Passwords stored before still sign
 * in; the rule applies to every new password (register, change, reset, invitation, team users).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 100;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_LENGTH = 20;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 100;
export const CVR_MAX_LENGTH = 8;
export const CPR6_LENGTH = 6;
export const CPR_LAST4_LENGTH = 4;

export const MAX_THERAPISTS_PER_COMPANY = 5;
export const COMPANY_LIST_PAGE_SIZE = 10;

/** SMS: 20 free per user per month; extra billed at 0.60 DKK plus VAT (in øre). */
export const FREE_SMS_PER_USER_PER_MONTH = 20;
export const EXTRA_SMS_PRICE_ORE = 60;

export const VAT_RATE_PERCENT = 25;
export const PRO_PLAN_PRICE_DKK = 149;

/**
 * Invoices. 'Betalingsfrist': days from the issue date to the due date; 8 is what Danish clinics commonly
 * print (and the previous system's default), 0 means payment on receipt, and 90 is far beyond what a private client is
 * given. An invoice may carry up to 10 more treatments than its booking's (a massage and a product on one visit);
 * a real visit has one or two, and the bound keeps a snapshot small.
 */
export const DEFAULT_DUE_DAYS = 8;
export const DUE_DAYS_MAX = 90;
export const INVOICE_EXTRA_LINES_MAX = 10;

/** UI timers in milliseconds (spec 1 §9). */
export const LOGIN_ERROR_VISIBLE_MS = 10_000;
export const RESET_MESSAGE_VISIBLE_MS = 5_000;
export const SYNC_DONE_VISIBLE_MS = 2_000;

export const SIDE_MENU_COLLAPSED_PX = 60;
export const SIDE_MENU_EXPANDED_PX = 240;
/**
 * The side menu opens expanded on screens this wide or wider, else as the 60 px rail (the button in the header
 * expands it). A tablet upright (768-834 px) gave the 240 px menu 30% of its width, and the week grid's seven days
 * 68 px each, too narrow for a client's name; the rail gives them 26 px more each.
 */
export const SIDE_MENU_EXPANDED_FROM_PX = 1024;

export const APP_VERSION = '2.0.1';
export const TIME_ZONE = 'Europe/Copenhagen';

/** Default theme colours: the second entry of a therapist's `colors` is the theme colour. */
export const DEFAULT_THERAPIST_COLORS = ['#ffffff', '#35408e'] as const;

/**
 * The theme colour without one of the therapist's own: #35408e in the calendar (the stored default above), #4d5ccc in
 * every other area (spec 2 §3 'default #35408e in the calendar, #4d5ccc elsewhere'; spec 3 §3).
 */
export const DEFAULT_THEME_COLOUR_OUTSIDE_CALENDAR = '#4d5ccc';

/** A therapist's theme colour (the second entry of `colors`), or the default of the area it is shown in. */
export function themeColourOf(colors: readonly string[] | null | undefined, area: 'calendar' | 'elsewhere'): string {
  const own = colors?.[1]?.trim();
  if (own) return own;
  return area === 'calendar' ? DEFAULT_THERAPIST_COLORS[1] : DEFAULT_THEME_COLOUR_OUTSIDE_CALENDAR;
}

/**
 * How much of what a clinic makes itself one record may hold (every answer has a bound). Far above what a
 * clinic uses (the largest seen: 40 treatments, 12 custom fields); reaching one is refused with `capReached`.
 */
export const CAPS = {
  treatmentsPerTherapist: 300,
  coursesPerTherapist: 500,
  customFieldsPerRecord: 100,
  commentsPerRecord: 1_000,
  intakeQuestionsPerClinic: 200,
  newslettersPerTherapist: 500,
} as const;

/** Contact: SMS reminders' default lead time, newsletter selection and message limits. */
export const DEFAULT_REMINDER_LEAD_HOURS = 24;
export const NEWSLETTER_SELECTION_MAX = 5000;
export const NEWSLETTER_MESSAGE_MAX = 100_000;
export const FOLLOW_UP_TEXT_MAX = 2000;

/**
 * How often the accounting return page and the shell's sync icon ask how far a background transfer has come (issue
 * 43): one small request a second per open page, for the minutes a transfer takes. Here, not beside the accounting
 * rules, because the shell's sync icon reads it through @klinik/core/rules (no zod in the shell).
 */
export const ACCOUNTING_POLL_MS = 1_000;
