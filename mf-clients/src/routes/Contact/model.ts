/** /Kontakt's pure rules: a sending's progress, merging polled progress into the list, the month of the SMS usage. */
import type { Newsletter, NewsletterSend } from '@klinik/core';

/** The query keys of the page's lists: the action's name first, so a change reloads them by prefix. */
export const NEWSLETTERS = ['getTherapistNewsletters'] as const;
export const FOLLOW_UP_SETTINGS = ['getFollowUpSettings'] as const;

/** How often the list asks for the progress of a sending under way (the API's jobs run every few seconds). */
export const SEND_POLL_MS = 2000;

export function isRunning(send: NewsletterSend | null): send is NewsletterSend {
  return send !== null && send.state !== 'done';
}

/** The share of the recipients handled (sent, skipped or failed), 0–1; null while the recipients are not known. */
export function sendProgress(send: NewsletterSend): number | null {
  if (send.state === 'preparing' || send.recipients === 0) return send.state === 'done' ? 1 : null;
  return Math.min(1, (send.sent + send.skipped + send.failed) / send.recipients);
}

/**
 * The newsletters with the latest sendings known for them: a polled sending replaces the shown one when it is the
 * same or a newer sending; an older answer arriving late never undoes a newer one.
 */
export function withLatestSends(newsletters: readonly Newsletter[], sends: readonly NewsletterSend[]): Newsletter[] {
  return newsletters.map((newsletter) => {
    const latest = sends.filter((send) => send.newsletterId === newsletter.id).reduce<NewsletterSend | null>((best, send) => (best === null || send.createdAt > best.createdAt ? send : best), null);
    const shown = newsletter.lastSend;
    if (!latest || (shown && (latest.createdAt < shown.createdAt || (latest.id === shown.id && shown.state === 'done')))) return newsletter;
    return { ...newsletter, lastSend: latest };
  });
}

/** 'YYYY-MM' → its month's index (0–11) and year, or null. */
export function parseMonth(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month < 12 ? { year: Number(match[1]), month } : null;
}

/** A whole number typed into a field ('7', ' 24 '), or null for anything else (empty, '1,5', '2e3'). */
export function wholeNumber(text: string): number | null {
  const value = text.trim();
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}
