import type { Newsletter, NewsletterSend } from '@klinik/core';
import { isRunning, parseMonth, sendProgress, wholeNumber, withLatestSends } from './model';

function sending(overrides: Partial<NewsletterSend> = {}): NewsletterSend {
  return {
    id: 's1',
    newsletterId: 'n1',
    subject: 'Forår',
    audience: 'all',
    state: 'sending',
    recipients: 4,
    sent: 1,
    skipped: 1,
    failed: 0,
    createdAt: 1_000,
    finishedAt: null,
    therapistName: 'Ida Holm',
    ...overrides,
  };
}

function newsletter(id: string, lastSend: NewsletterSend | null): Newsletter {
  return { id, subject: id, message: '<p>x</p>', therapistId: 't', createdAt: 0, updatedAt: 0, lastSend, isEdit: true };
}

describe("a sending's progress", () => {
  it('counts sent, skipped and failed against the recipients, unknown while preparing', () => {
    expect(sendProgress(sending())).toBe(0.5);
    expect(sendProgress(sending({ state: 'preparing', recipients: 0, sent: 0, skipped: 0 }))).toBeNull();
    expect(sendProgress(sending({ state: 'done', recipients: 0, sent: 0, skipped: 0 }))).toBe(1);
    expect(isRunning(sending())).toBe(true);
    expect(isRunning(sending({ state: 'done' }))).toBe(false);
    expect(isRunning(null)).toBe(false);
  });

  it('takes the newest polled sending of each newsletter, never an older one', () => {
    const shown = [newsletter('n1', sending()), newsletter('n2', null)];
    const later = sending({ sent: 3, state: 'done', finishedAt: 2_000 });
    const [first, second] = withLatestSends(shown, [later, sending({ id: 's0', createdAt: 500, state: 'done' })]);
    expect(first!.lastSend).toEqual(later);
    expect(second!.lastSend).toBeNull();
    // A late answer about an older sending does not replace the newer one shown.
    const [again] = withLatestSends([newsletter('n1', later)], [sending({ id: 's0', createdAt: 500 })]);
    expect(again!.lastSend).toEqual(later);
    // A finished sending is not put back to 'sending' by a stale answer.
    const [kept] = withLatestSends([newsletter('n1', later)], [sending()]);
    expect(kept!.lastSend).toEqual(later);
  });
});

describe('the month of the SMS usage', () => {
  it('names the month of YYYY-MM', () => {
    expect(parseMonth('2026-03')).toEqual({ year: 2026, month: 2 });
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('marts')).toBeNull();
  });
});

describe('whole numbers typed into the settings', () => {
  it('accepts digits only', () => {
    expect(wholeNumber(' 24 ')).toBe(24);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('1,5')).toBeNull();
    expect(wholeNumber('2e3')).toBeNull();
    expect(wholeNumber('-1')).toBeNull();
  });
});
