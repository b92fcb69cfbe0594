import { DEFAULT_DUE_DAYS } from './constants.js';
import { addDaysToDateKey, dueDateOf, type DueDateSource, invoiceStatus, isDateKey, nextReminderFrom, overdueFrom, REMINDER_INTERVAL_DAYS } from './invoice-payments.js';
import { copenhagenWallTime } from './time.js';

describe('due dates', () => {
  it("takes the snapshot's own due date, else the issue date plus the default days, in Copenhagen dates", () => {
    // 23:30 UTC on 30 November is 1 December in Copenhagen.
    const issuedAt = Date.UTC(2026, 10, 30, 23, 30);
    expect(dueDateOf({ image: [{ issuedAt }] })).toBe(addDaysToDateKey('2026-12-01', DEFAULT_DUE_DAYS));
    expect(dueDateOf({ image: [{ issuedAt, dueDate: '2026-12-15' }] })).toBe('2026-12-15');
    expect(dueDateOf({ image: [{ issuedAt, dueDate: '2026-02-30' }] })).toBe(addDaysToDateKey('2026-12-01', DEFAULT_DUE_DAYS));
    expect(dueDateOf({ image: [] })).toBeNull();
    // A document made by hand without an issue date has no due date (and so no payment status), rather than a crash.
    expect(dueDateOf({ image: [{} as DueDateSource] })).toBeNull();
  });

  it('counts calendar days across months, years and the daylight-saving change', () => {
    expect(addDaysToDateKey('2026-12-28', 8)).toBe('2027-01-05');
    expect(addDaysToDateKey('2026-03-25', 8)).toBe('2026-04-02');
    expect(isDateKey('2028-02-29')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
    expect(isDateKey('26-12-01')).toBe(false);
  });

  it('is overdue from the first moment of the day after the due date, Copenhagen time', () => {
    // 29 March 2026 is the spring change: the day after is still midnight in Copenhagen.
    expect(overdueFrom('2026-03-28')).toBe(copenhagenWallTime(2026, 3, 29));
    expect(overdueFrom('2026-12-31')).toBe(copenhagenWallTime(2027, 1, 1));
  });
});

describe('status', () => {
  const due = overdueFrom('2026-12-01');
  it('is unpaid through the due date, overdue after it, paid once marked, credited when a credit note settles it', () => {
    expect(invoiceStatus({ paidOn: null, credited: false, overdueFrom: due }, due - 1)).toBe('unpaid');
    expect(invoiceStatus({ paidOn: null, credited: false, overdueFrom: due }, due)).toBe('overdue');
    expect(invoiceStatus({ paidOn: '2026-12-03', credited: false, overdueFrom: due }, due)).toBe('paid');
    expect(invoiceStatus({ paidOn: null, credited: true, overdueFrom: due }, due)).toBe('credited');
    // Paid, then credited: the credit note is a refund, the invoice was paid.
    expect(invoiceStatus({ paidOn: '2026-12-03', credited: true, overdueFrom: due }, due)).toBe('paid');
  });

  it('allows the next reminder the interval after the last', () => {
    expect(nextReminderFrom(1000)).toBe(1000 + REMINDER_INTERVAL_DAYS * 86_400_000);
  });
});
