/**
 * Payment status of invoices through the real endpoint: unpaid, paid (day and way, recorded with who and
 * when, undone by the owner only), overdue by the clock, credited by a credit note; the list's status filter and
 * outstanding total under the invoice rule; every change compare-and-swap on the ledger's `_id` (a lost race answers
 * 409); the reminder to the client's e-mail on record, at most one per invoice in REMINDER_INTERVAL_DAYS days even
 * when many requests race, within the clinic's mail budget; and another clinic's ids.
 */
import { addDaysToDateKey, copenhagenDateKey, copenhagenWallTime, DAY_MS, formatKroner, DEFAULT_DUE_DAYS, overdueFrom, REMINDER_INTERVAL_DAYS, type Invoice } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { outboundMessages } from '../src/domain/contact/outbound.js';
import { paymentMessages } from '../src/domain/invoices/payments.js';
import { clinicWithTrial, colleagueOf, newClient, uniqueEmail, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

/** Each clinic may send this many mails a day here: the budget test reaches it, the others stay below. */
const MAIL_BUDGET = 2;
const ISSUED_AT = copenhagenWallTime(2026, 11, 23, 12, 0);
const HOUR = 3_600_000;

let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({
    smtpUrl: smtp.url,
    rateLimits: { ...DEFAULT_RATE_LIMITS, register: { points: 100_000, durationSeconds: 3600 }, 'mail:trial': { points: MAIL_BUDGET, durationSeconds: 86_400 } },
  });
});
beforeEach(() => t.clock.set(ISSUED_AT));
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };
/** The due date of an invoice issued at ISSUED_AT, and the moment it turns overdue. */
const DUE_DATE = addDaysToDateKey('2026-11-23', DEFAULT_DUE_DAYS);
const OVERDUE_FROM = overdueFrom(DUE_DATE);

type Caller = { token: string; therapistId: string };
type Clinic = SignedInOwner & { treatmentId: string };

async function readyClinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  return { ...owner, treatmentId: treatment.body.data.id };
}

let slot = 0;
/** An invoice of a new booking of a new client (its own e-mail), issued by `by` (default the owner) at the clock's now. */
async function issue(clinic: Clinic, by: Caller = clinic, clientEmail = uniqueEmail('klient')): Promise<Invoice & { bookingId: string; clientId: string }> {
  slot += 1;
  const treatmentId = by === clinic ? clinic.treatmentId : (await t.call('addTreatment', { name: 'Massage', price: 300, duration: 45 * 60, pause: 0 }, by.token)).body.data.id;
  const from = copenhagenWallTime(2026, 12, 1, 6, 0) + (slot % 17) * HOUR + Math.floor(slot / 17) * DAY_MS;
  const booked = await t.call('addBooking', { treatmentId, from, client: { ...newClient(String(1000 + (slot % 9000))), email: clientEmail } }, by.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, by.token);
  const invoice = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS }, by.token);
  if (invoice.status !== 200) throw new Error(JSON.stringify(invoice.body));
  return { ...invoice.body.data, bookingId: booked.body.data.id, clientId: booked.body.data.clientId };
}

const today = () => copenhagenDateKey(t.clock.now());
const statusOf = async (id: string, caller: Caller) => (await t.call('getInvoice', { id }, caller.token)).body.data.payment;
async function listed(caller: Caller, status: 'all' | 'unpaid' | 'overdue' | 'paid', extra: Record<string, unknown> = {}) {
  const answer = await t.call('getAllInvoice', { status, size: 15, ...extra }, caller.token);
  expect(answer.status).toBe(200);
  return { ids: answer.body.result.map((invoice) => invoice.id).sort(), outstandingOre: answer.body.outstandingOre };
}
/**
 * Holds the first `count` ledger inserts of `kind` for `invoiceId` until all of them have arrived: that many requests
 * past their checks at the same moment, each about to write, whatever the machine's speed. (The scoped data access
 * calls the model's `create` at the time of the call, so wrapping it reaches the API's own insert.)
 */
function meetAtInsert(invoiceId: string, kind: 'paid' | 'unpaid' | 'reminder', count: number): { restore: () => void } {
  const model = t.api.services.models.InvoiceEvent as unknown as Record<string, unknown> & { create: (...args: unknown[]) => Promise<unknown> };
  const original = model.create;
  const own = Object.hasOwn(model, 'create');
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  model.create = async function (this: unknown, ...args: unknown[]) {
    const doc = args[0] as { kind?: string; invoiceId?: unknown } | undefined;
    if (doc?.kind === kind && String(doc.invoiceId) === invoiceId && arrived < count) {
      arrived += 1;
      if (arrived === count) open();
      await opened;
    }
    return original.apply(this, args);
  };
  return {
    restore: () => {
      if (own) model.create = original;
      else Reflect.deleteProperty(model, 'create');
    },
  };
}
const ledger = (invoiceId: string) => t.models.InvoiceEvent.find({ invoiceId }).sort({ seq: 1, kind: 1 }).lean();

describe('states and transitions', () => {
  it('is unpaid, then paid on a day and in a way recorded with who and when; refuses bad input and a second marking', async () => {
    const clinic = await readyClinic();
    const invoice = await issue(clinic);
    expect(invoice.payment).toEqual({ status: 'unpaid', dueDate: DUE_DATE, paidOn: null, method: null, markedBy: null, markedAt: null, creditedBy: null, reminders: [] });

    const valid: { id: string; paidOn: string; method: 'mobilepay' | 'cash' } = { id: invoice.id, paidOn: '2026-11-23', method: 'mobilepay' };
    const bad: Record<string, unknown>[] = [{ paidOn: '2026-11-24' }, { paidOn: '2026-02-30' }, { paidOn: '23-11-2026' }, { paidOn: { $gt: '' } }, { method: 'bitcoin' }, { method: undefined }, { paidOn: '2024-06-01' }];
    for (const change of bad) expect([change, (await t.call('setInvoicePaid', { ...valid, ...change }, clinic.token)).status]).toEqual([change, 400]);
    expect((await t.call('setInvoicePaid', { ...valid, paidOn: '2026-11-24' }, clinic.token)).body.message).toBe(paymentMessages.paidInFuture);
    expect(await ledger(invoice.id)).toEqual([]);

    t.clock.advance(HOUR);
    const before = t.clock.now();
    const paid = await t.call('setInvoicePaid', valid, clinic.token);
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(`Faktura ${invoice.number} er markeret som betalt`);
    const markedAt = paid.body.data.payment!.markedAt!;
    expect([markedAt >= before, markedAt <= t.clock.now()]).toEqual([true, true]);
    expect(paid.body.data.payment).toEqual({ status: 'paid', dueDate: DUE_DATE, paidOn: '2026-11-23', method: 'mobilepay', markedBy: 'Mette Ørsted', markedAt, creditedBy: null, reminders: [] });
    expect(await statusOf(invoice.id, clinic)).toEqual(paid.body.data.payment);
    const again = await t.call('setInvoicePaid', { ...valid, method: 'cash' }, clinic.token);
    expect([again.status, again.body.message]).toEqual([409, paymentMessages.alreadyPaid]);
    expect(await ledger(invoice.id)).toMatchObject([{ kind: 'paid', seq: 1, byName: 'Mette Ørsted', at: markedAt, paidOn: '2026-11-23', method: 'mobilepay' }]);
    expect(String((await ledger(invoice.id))[0]!.by)).toBe(clinic.therapistId);
    // Still paid after its due date: never overdue.
    t.clock.set(OVERDUE_FROM + DAY_MS);
    expect((await statusOf(invoice.id, clinic))?.status).toBe('paid');
    expect(await listed(clinic, 'paid')).toEqual({ ids: [invoice.id], outstandingOre: 0 });
    expect((await listed(clinic, 'overdue')).ids).toEqual([]);
  });

  it("lets only the owner undo 'paid', recorded with who and when; a colleague marks their own invoices and sees only those", async () => {
    const clinic = await readyClinic();
    const colleague = await colleagueOf(t, clinic);
    const theirs = await issue(clinic, colleague);
    const ours = await issue(clinic);
    expect((await t.call('setInvoicePaid', { id: ours.id, paidOn: today(), method: 'cash' }, colleague.token)).status).toBe(404);
    const paid = await t.call('setInvoicePaid', { id: theirs.id, paidOn: today(), method: 'card' }, colleague.token);
    expect(paid.body.data.payment).toMatchObject({ status: 'paid', method: 'card', markedBy: 'Jonas Bæk' });

    const refused = await t.call('setInvoiceUnpaid', { id: theirs.id }, colleague.token);
    expect(refused.status).toBe(403);
    expect((await statusOf(theirs.id, colleague))?.status).toBe('paid');

    t.clock.advance(HOUR);
    const undoneFrom = t.clock.now();
    const undone = await t.call('setInvoiceUnpaid', { id: theirs.id }, clinic.token);
    expect([undone.status, undone.body.message]).toEqual([200, `Faktura ${theirs.number} er markeret som ubetalt`]);
    expect(undone.body.data.payment).toMatchObject({ status: 'unpaid', paidOn: null, method: null, markedBy: null, markedAt: null });
    const notPaid = await t.call('setInvoiceUnpaid', { id: theirs.id }, clinic.token);
    expect([notPaid.status, notPaid.body.message]).toEqual([409, paymentMessages.notPaid]);
    expect(await ledger(theirs.id)).toMatchObject([
      { kind: 'paid', seq: 1, byName: 'Jonas Bæk', method: 'card' },
      { kind: 'unpaid', seq: 2, byName: 'Mette Ørsted' },
    ]);
    const undo = (await ledger(theirs.id))[1]!;
    expect([String(undo.by), undo.at >= undoneFrom, undo.at <= t.clock.now()]).toEqual([clinic.therapistId, true, true]);
    // Paid again after the undo: the ledger goes on.
    expect((await t.call('setInvoicePaid', { id: theirs.id, paidOn: today(), method: 'bank' }, colleague.token)).body.data.payment).toMatchObject({ status: 'paid', method: 'bank' });
    expect((await ledger(theirs.id)).map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it('has no status of its own for a credit note or a merged statement', async () => {
    const clinic = await readyClinic();
    const invoice = await issue(clinic);
    const credit = (await t.call('addInvoice', { bookingId: invoice.bookingId, settings: { ...SETTINGS, type: false } }, clinic.token)).body.data;
    expect(credit.payment).toBeNull();
    const merged = (await t.call('addMergedInvoice', { clientId: invoice.clientId, from: copenhagenWallTime(2026, 11, 1), to: copenhagenWallTime(2027, 1, 1), invoiceIds: [invoice.id] }, clinic.token)).body.data;
    expect(merged.payment).toBeNull();
    for (const id of [credit.id, merged.id]) {
      const answer = await t.call('setInvoicePaid', { id, paidOn: today(), method: 'cash' }, clinic.token);
      expect([answer.status, answer.body.message]).toEqual([400, paymentMessages.notPayable]);
      expect((await t.call('sendInvoiceReminder', { id }, clinic.token)).status).toBe(400);
    }
  });
});

describe('compare-and-swap', () => {
  it('of many requests marking one invoice paid (or undoing it) at the same moment, exactly one changes it; the rest answer 409', async () => {
    const clinic = await readyClinic();
    const invoice = await issue(clinic);
    let meeting = meetAtInsert(invoice.id, 'paid', 3);
    const marks = await Promise.all(
      (['bank', 'mobilepay', 'card', 'cash', 'bank', 'cash'] as const).map((method) => t.call('setInvoicePaid', { id: invoice.id, paidOn: today(), method }, clinic.token)),
    ).finally(() => meeting.restore());
    expect(marks.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = marks.find((answer) => answer.status === 200)!.body.data.payment!;
    expect(await ledger(invoice.id)).toMatchObject([{ kind: 'paid', seq: 1, method: winner.method }]);
    expect((await statusOf(invoice.id, clinic))?.method).toBe(winner.method);

    meeting = meetAtInsert(invoice.id, 'unpaid', 2);
    const undos = await Promise.all([1, 2, 3, 4].map(() => t.call('setInvoiceUnpaid', { id: invoice.id }, clinic.token))).finally(() => meeting.restore());
    expect(undos.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await ledger(invoice.id)).map((event) => event.kind)).toEqual(['paid', 'unpaid']);
    expect((await statusOf(invoice.id, clinic))?.status).toBe('unpaid');
  });

  it('brings an invoice left behind its ledger (a request stopped between the two writes) up to date, and answers 409', async () => {
    const clinic = await readyClinic();
    const invoice = await issue(clinic);
    // What a request that stopped after its ledger insert leaves: the change decided, the invoice not yet told.
    await t.models.InvoiceEvent.create({ _id: `${invoice.id}:payment:1`, companyId: clinic.companyId, invoiceId: invoice.id, kind: 'paid', seq: 1, at: t.clock.now(), by: clinic.therapistId, byName: 'Mette Ørsted', paidOn: '2026-11-20', method: 'cash' });
    expect((await statusOf(invoice.id, clinic))?.status).toBe('unpaid');
    const late = await t.call('setInvoicePaid', { id: invoice.id, paidOn: today(), method: 'card' }, clinic.token);
    expect([late.status, late.body.message]).toEqual([409, paymentMessages.changed]);
    expect(await statusOf(invoice.id, clinic)).toMatchObject({ status: 'paid', paidOn: '2026-11-20', method: 'cash' });
    expect(await ledger(invoice.id)).toHaveLength(1);
  });
});

describe('credit notes, the clock and the outstanding total', () => {
  it('a credit note settles its invoice: credited, never outstanding, not to be paid or reminded; a paid invoice credited stays paid', async () => {
    const clinic = await readyClinic();
    const credited = await issue(clinic);
    const open = await issue(clinic);
    const refunded = await issue(clinic);
    await t.call('setInvoicePaid', { id: refunded.id, paidOn: today(), method: 'bank' }, clinic.token);
    expect((await listed(clinic, 'all')).outstandingOre).toBe(credited.totalOre + open.totalOre);

    const creditNote = (await t.call('addInvoice', { bookingId: credited.bookingId, settings: { ...SETTINGS, type: false } }, clinic.token)).body.data;
    await t.call('addInvoice', { bookingId: refunded.bookingId, settings: { ...SETTINGS, type: false } }, clinic.token);
    expect(await statusOf(credited.id, clinic)).toMatchObject({ status: 'credited', creditedBy: creditNote.number });
    expect((await statusOf(refunded.id, clinic))?.status).toBe('paid');
    expect(await listed(clinic, 'unpaid')).toEqual({ ids: [open.id], outstandingOre: open.totalOre });
    const paying = await t.call('setInvoicePaid', { id: credited.id, paidOn: today(), method: 'cash' }, clinic.token);
    expect([paying.status, paying.body.message]).toEqual([409, paymentMessages.credited(creditNote.number)]);

    t.clock.set(OVERDUE_FROM);
    expect(await listed(clinic, 'overdue')).toEqual({ ids: [open.id], outstandingOre: open.totalOre });
    expect((await t.call('sendInvoiceReminder', { id: credited.id }, clinic.token)).status).toBe(409);
    // The booking invoiced again after its credit note: a new invoice to pay.
    const reissued = (await t.call('addInvoice', { bookingId: credited.bookingId, settings: SETTINGS }, clinic.token)).body.data;
    expect(reissued.payment?.status).toBe('unpaid');
    expect((await listed(clinic, 'all')).outstandingOre).toBe(open.totalOre + reissued.totalOre);
  });

  it('turns overdue by the clock after the due date; filters and the total follow the invoice rule (a therapist their own, the owner all)', async () => {
    const clinic = await readyClinic();
    const colleague = await colleagueOf(t, clinic);
    const ours = await issue(clinic);
    const theirs = await issue(clinic, colleague);

    // The test clock runs on: a few minutes before (the exact moment is core's invoice-payments.test.ts).
    t.clock.set(OVERDUE_FROM - 5 * 60_000);
    expect((await statusOf(ours.id, clinic))?.status).toBe('unpaid');
    expect(await listed(clinic, 'unpaid')).toEqual({ ids: [ours.id, theirs.id].sort(), outstandingOre: ours.totalOre + theirs.totalOre });
    expect((await listed(clinic, 'overdue')).ids).toEqual([]);
    expect(await listed(colleague, 'unpaid')).toEqual({ ids: [theirs.id], outstandingOre: theirs.totalOre });

    t.clock.set(OVERDUE_FROM);
    expect((await statusOf(ours.id, clinic))?.status).toBe('overdue');
    expect((await statusOf(theirs.id, colleague))?.status).toBe('overdue');
    expect(await listed(clinic, 'overdue')).toEqual({ ids: [ours.id, theirs.id].sort(), outstandingOre: ours.totalOre + theirs.totalOre });
    expect((await listed(clinic, 'unpaid')).ids).toEqual([]);
    expect(await listed(colleague, 'overdue')).toEqual({ ids: [theirs.id], outstandingOre: theirs.totalOre });
    // The owner's therapist picker narrows the total too; the search narrows only the rows.
    expect(await listed(clinic, 'overdue', { therapistId: colleague.therapistId })).toEqual({ ids: [theirs.id], outstandingOre: theirs.totalOre });
    expect(await listed(clinic, 'overdue', { search: ours.number })).toEqual({ ids: [ours.id], outstandingOre: ours.totalOre + theirs.totalOre });

    await t.call('setInvoicePaid', { id: ours.id, paidOn: today(), method: 'bank' }, clinic.token);
    expect(await listed(clinic, 'overdue')).toEqual({ ids: [theirs.id], outstandingOre: theirs.totalOre });
    expect(await listed(clinic, 'paid')).toEqual({ ids: [ours.id], outstandingOre: theirs.totalOre });
    expect((await listed(clinic, 'all')).ids).toEqual([ours.id, theirs.id].sort());
    expect((await t.call('getAllInvoice', { status: 'betalt' } as never, clinic.token)).status).toBe(400);
  });
});

describe('reminders', () => {
  it('of many reminders of one overdue invoice at the same moment exactly one mail goes, to the e-mail on record; the next after the interval', async () => {
    const clinic = await readyClinic();
    const invoice = await issue(clinic);
    const notYet = await t.call('sendInvoiceReminder', { id: invoice.id }, clinic.token);
    expect([notYet.status, notYet.body.message]).toEqual([409, paymentMessages.notOverdue('01-12-2026')]);
    // Only the address on record: the client's, changed since the invoice was issued. No address can be typed.
    const onRecord = uniqueEmail('ny-adresse');
    await t.call('setClient', { id: invoice.clientId, changes: { email: onRecord } }, clinic.token);
    t.clock.set(OVERDUE_FROM + HOUR);
    expect((await t.call('sendInvoiceReminder', { id: invoice.id, to: 'fremmed@example.dk' } as never, clinic.token)).status).toBe(400);

    // Three of them past every check at once, none of them sent yet.
    const meeting = meetAtInsert(invoice.id, 'reminder', 3);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.call('sendInvoiceReminder', { id: invoice.id }, clinic.token))).finally(() => meeting.restore());
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const sent = answers.find((answer) => answer.status === 200)!;
    expect(sent.body.message).toBe(`Rykkeren for faktura ${invoice.number} er sendt til klientens e-mail`);
    const sentAt = sent.body.data.payment!.reminders[0]!;
    expect(sent.body.data.payment).toMatchObject({ status: 'overdue', reminders: [sentAt] });
    const mail = await smtp.waitForMail(onRecord);
    expect(smtp.mails.filter((received) => received.to.includes(onRecord))).toHaveLength(1);
    expect(mail.to).toEqual([onRecord]);
    expect(mail.subject).toBe(`Rykker: Faktura ${invoice.number} fra Fysio Ærø`);
    expect(mail.text).toContain(`faktura ${invoice.number} på ${formatKroner(invoice.totalOre)}, som forfaldt 01-12-2026`);
    expect(mail.text).toContain('reg.nr. 1234, konto 0012345678');
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([['Faktura.pdf', 'application/pdf']]);
    expect((await statusOf(invoice.id, clinic))?.reminders).toEqual([sentAt]);

    t.clock.set(sentAt + REMINDER_INTERVAL_DAYS * DAY_MS - 60_000);
    const tooSoon = await t.call('sendInvoiceReminder', { id: invoice.id }, clinic.token);
    expect([tooSoon.status, tooSoon.body.message]).toEqual([409, paymentMessages.reminderTooSoon('02-12-2026', '12-12-2026')]);
    t.clock.set(sentAt + REMINDER_INTERVAL_DAYS * DAY_MS);
    const second = await t.call('sendInvoiceReminder', { id: invoice.id }, clinic.token);
    expect(second.status).toBe(200);
    expect(second.body.data.payment?.reminders).toEqual([sentAt, expect.any(Number)]);
    expect(smtp.mails.filter((received) => received.to.includes(onRecord))).toHaveLength(2);
    // Paid: no more reminders.
    await t.call('setInvoicePaid', { id: invoice.id, paidOn: today(), method: 'bank' }, clinic.token);
    t.clock.advance(REMINDER_INTERVAL_DAYS * DAY_MS);
    expect((await t.call('sendInvoiceReminder', { id: invoice.id }, clinic.token)).body.message).toBe(paymentMessages.paidNoReminder);
  });

  it("spends the clinic's mail budget (a refused reminder is not recorded and can go later) and needs the confirmed e-mail", async () => {
    const clinic = await readyClinic();
    const invoices = [await issue(clinic), await issue(clinic), await issue(clinic)];
    t.clock.set(OVERDUE_FROM + HOUR);
    t.clock.startFreshRateLimitWindows();
    for (const invoice of invoices.slice(0, MAIL_BUDGET)) expect((await t.call('sendInvoiceReminder', { id: invoice.id }, clinic.token)).status).toBe(200);
    const last = invoices[MAIL_BUDGET]!;
    const over = await t.call('sendInvoiceReminder', { id: last.id }, clinic.token);
    expect([over.status, over.body.message]).toEqual([429, outboundMessages.mailBudgetUsed]);
    expect((await statusOf(last.id, clinic))?.reminders).toEqual([]);
    expect(await ledger(last.id)).toEqual([]);
    t.clock.advance(DAY_MS);
    expect((await t.call('sendInvoiceReminder', { id: last.id }, clinic.token)).status).toBe(200);

    const unconfirmed = await readyClinic();
    const invoice = await issue(unconfirmed);
    await t.models.Company.updateOne({ _id: unconfirmed.companyId }, { $set: { emailConfirmed: false } });
    t.clock.set(OVERDUE_FROM + 2 * DAY_MS);
    expect((await t.call('sendInvoiceReminder', { id: invoice.id }, unconfirmed.token)).status).toBe(403);
    expect(await ledger(invoice.id)).toEqual([]);
  });
});

it("refuses another clinic's invoices for every payment action and changes nothing", async () => {
  const clinic = await readyClinic();
  const invoice = await issue(clinic);
  await t.call('setInvoicePaid', { id: invoice.id, paidOn: today(), method: 'bank' }, clinic.token);
  const other = await readyClinic();
  t.clock.set(OVERDUE_FROM + HOUR);
  const attempts = [
    t.call('setInvoicePaid', { id: invoice.id, paidOn: today(), method: 'cash' }, other.token),
    t.call('setInvoiceUnpaid', { id: invoice.id }, other.token),
    t.call('sendInvoiceReminder', { id: invoice.id }, other.token),
  ];
  for (const attempt of attempts) expect((await attempt).status).toBe(404);
  expect(await listed(other, 'all')).toEqual({ ids: [], outstandingOre: 0 });
  expect(await statusOf(invoice.id, clinic)).toMatchObject({ status: 'paid', method: 'bank' });
  expect((await ledger(invoice.id)).map((event) => event.kind)).toEqual(['paid']);
});

it('deletes the payment ledger with its invoice when the bookkeeping retention ends', async () => {
  const clinic = await readyClinic();
  const expiring = await issue(clinic);
  const kept = await issue(clinic);
  for (const invoice of [expiring, kept]) expect((await t.call('setInvoicePaid', { id: invoice.id, paidOn: today(), method: 'cash' }, clinic.token)).status).toBe(200);
  // As an erased client's invoice is left (domain/invoices/retention.ts), its retention ending now.
  await t.models.Invoice.updateOne({ _id: expiring.id }, { $set: { keepUntil: t.clock.now() } });
  const { sweepExpiredInvoices } = await import('../src/domain/invoices/retention.js');
  expect(await sweepExpiredInvoices(t.models, t.clock.now())).toBe(1);
  expect(await t.models.Invoice.countDocuments({ _id: expiring.id })).toBe(0);
  expect(await ledger(expiring.id)).toEqual([]);
  expect(await ledger(kept.id)).toHaveLength(1);
});
