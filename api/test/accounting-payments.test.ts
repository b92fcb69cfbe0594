/**
 * Payments in the accounting system, through the real endpoint against a Dinero-shaped HTTP service
 * (support/dinero-double.ts) and the payment sandbox as the clinic's merchant account: an invoice paid at booking is
 * booked with its payment, a refund's credit note with the money paid back, an invoice marked paid by hand later gets
 * its payment on the next transfer, and no payment is ever registered twice (a second run, a retry after a failure, a
 * crash between Dinero's write and our note of it). The sandbox accounting system takes payments as strictly.
 */
import { copenhagenWallTime, DAY_MS, type TransferResult } from '@klinik/core';
import type { AccountingSandbox } from '@klinik/devkit';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { runAccountingTick } from '../src/jobs/accounting.js';
import { runAccountingTransfers } from '../src/jobs/accounting-transfers.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { DOUBLE_CLIENT, DOUBLE_ORGANIZATION, startDineroDouble, type DineroDouble } from './support/dinero-double.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';
import { payWithCard } from './support/sandbox-checkout.js';

let t: TestApi;
let dinero: DineroDouble;
const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
/** Tuesday 1 December 2026, 10:00 Copenhagen time. */
const NOW = at(1, 10);

beforeAll(async () => {
  dinero = await startDineroDouble();
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({
    rateLimits: generous,
    accountingProvider: 'dinero',
    dinero: { ...DOUBLE_CLIENT, connectUrl: dinero.url, apiUrl: dinero.url, accountWithVat: 1000, accountWithoutVat: 1010 },
  });
});
beforeEach(() => t.clock.set(NOW));
afterAll(async () => {
  await t.close();
  await dinero.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345', moms: true };
const SETTINGS = { type: true, discount: '50', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };
const org = `/v1/${DOUBLE_ORGANIZATION}`;

interface Clinic extends SignedInOwner {
  treatmentId: string;
}

/** A clinic with Dinero connected and the payment sandbox as its merchant account; a 500 kr. treatment paid at booking. */
async function clinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: t.clock.now() + 30 * DAY_MS, accountingAddOnActive: true } });
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  expect((await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token)).status).toBe(200);
  const added = await t.call('addTreatment', { name: 'Massage', price: 400, duration: 45 * 60, pause: 15 * 60, vatExempt: false, paymentAtBooking: 'full' }, owner.token);
  expect(added.status).toBe(200);
  for (const date of [2, 3, 4]) await t.call('addOpeningHours', { from: at(date, 8), to: at(date, 12) }, owner.token);
  const started = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const state = new URL(started.body.url).searchParams.get('state')!;
  expect((await transfer(await t.call('updateClientDineroData', { code: dinero.issueCode(), state }, owner.token), owner.token)).status).toBe('success');
  return { ...owner, treatmentId: added.body.data.id };
}

/** A started transfer, done by the transfer job, its result read back. */
async function transfer(started: { status: number; body: { data?: { number: number } } }, token: string): Promise<TransferResult> {
  expect(started.status).toBe(200);
  await runAccountingTransfers(t.api.services, 'test-runner');
  return (await t.call('getAccountingTransfer', { number: started.body.data!.number }, token)).body.data!.result!;
}
const sync = async (owner: SignedInOwner) => transfer(await t.call('syncDinero', {}, owner.token), owner.token);

let people = 0;
/** A client books and pays by card on the sandbox's checkout; answers the paid invoice. */
async function paidBooking(owner: Clinic, from: number) {
  people += 1;
  const client = { ...newClient(String(3000 + people)), email: `klient-${people}@example.dk` };
  const request = { therapistId: owner.therapistId, treatmentId: owner.treatmentId, from, reason: 'Ondt i nakken', consent: true as const, acceptRule: true as const, saveCard: false, client };
  const started = await t.call('startBookingPayment', request);
  expect(started.status).toBe(200);
  const paid = await payWithCard(started.body.data.checkoutUrl);
  expect(paid.status).toBe(303);
  const invoice = (await t.models.Invoice.findOne({ companyId: owner.companyId, paidOn: { $ne: null }, isCredit: false }).sort({ seq: -1 }).lean())!;
  expect(invoice).toMatchObject({ totalOre: 50_000, paidOn: '2026-12-01' });
  return invoice;
}

/** The Dinero document of ours for an invoice (by our external reference), once it is there. */
function documentOf(owner: SignedInOwner, invoiceId: { toString(): string }, store: 'invoices' | 'creditNotes' = 'invoices') {
  return [...dinero[store].values()].find((doc) => doc.ExternalReference === `klinik-${owner.companyId}-invoice-${invoiceId.toString()}`);
}
const paymentPosts = (guid: string, path: 'invoices' | 'sales/creditnotes' = 'invoices') => dinero.requests.filter((request) => request.method === 'POST' && request.path === `${org}/${path}/${guid}/payments`);
const waiting = (owner: SignedInOwner) => t.models.AccountingPending.countDocuments({ companyId: owner.companyId });
/** The background transfers the request started have finished, with nothing left waiting. */
const settled = (owner: SignedInOwner, what: string) => until(async () => (await waiting(owner)) === 0, what);

it('books an invoice paid at booking with its payment, once however often it is transferred', async () => {
  const owner = await clinic();
  const invoice = await paidBooking(owner, at(2, 9));
  await until(() => (documentOf(owner, invoice._id)?.payments.length ?? 0) > 0, 'the paid invoice and its payment in Dinero');
  await settled(owner, 'the transfer of the paid invoice');
  const document = documentOf(owner, invoice._id)!;
  expect(document.Status).toBe('Booked');
  expect(document.payments).toEqual([
    {
      Guid: expect.any(String) as unknown,
      Timestamp: expect.stringMatching(/^ts-/) as unknown,
      DepositAccountNumber: 55010,
      ExternalReference: `klinik-${owner.companyId}-payment-${invoice._id.toHexString()}-paid-1`,
      PaymentDate: '2026-12-01',
      Description: `Betaling af faktura ${invoice.number}`,
      Amount: 500,
    },
  ]);
  // A full transfer, twice, and the ticker: the invoice and its payment are there already.
  expect((await sync(owner)).data.invoice).toMatchObject({ alreadyAdded: 1, fail: 0 });
  expect((await sync(owner)).data.invoice).toMatchObject({ alreadyAdded: 1, fail: 0 });
  t.clock.advance(DAY_MS);
  await runAccountingTick(t.api.services);
  expect(paymentPosts(document.Guid)).toHaveLength(1);
  expect(document.payments).toHaveLength(1);
});

it("registers a refund's credit note with the money paid back", async () => {
  const owner = await clinic();
  const invoice = await paidBooking(owner, at(3, 9));
  await settled(owner, 'the transfer of the paid invoice');
  const refunded = await t.call('refundBookingPayment', { bookingId: invoice.bookingId!.toHexString(), amountOre: 20_000 }, owner.token);
  expect(refunded.status).toBe(200);
  const credit = (await t.models.Invoice.findOne({ companyId: owner.companyId, isCredit: true, creditForId: invoice._id }).lean())!;
  await until(() => (documentOf(owner, credit._id, 'creditNotes')?.payments.length ?? 0) > 0, "the refund's payment in Dinero");
  await settled(owner, 'the transfer of the credit note');
  const document = documentOf(owner, credit._id, 'creditNotes')!;
  expect(document.body.CreditNoteFor).toBe(documentOf(owner, invoice._id)!.Guid);
  expect(document.payments).toMatchObject([
    { DepositAccountNumber: 55010, ExternalReference: `klinik-${owner.companyId}-payment-${credit._id.toHexString()}-refund`, PaymentDate: '2026-12-01', Description: `Tilbagebetaling, kreditnota ${credit.number}`, Amount: 200 },
  ]);
  await sync(owner);
  expect(paymentPosts(document.Guid, 'sales/creditnotes')).toHaveLength(1);
  // The invoice keeps its one payment.
  expect(documentOf(owner, invoice._id)!.payments).toHaveLength(1);
});

it('an invoice marked paid by hand after it was booked gets its payment on the next transfer; a failed attempt is retried once', async () => {
  const owner = await clinic();
  const booked = await t.call('addBooking', { treatmentId: owner.treatmentId, from: at(4, 9), client: newClient('4321') }, owner.token);
  await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
  const issued = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS }, owner.token);
  expect(issued.status).toBe(200);
  await settled(owner, 'the transfer of the unpaid invoice');
  const document = documentOf(owner, issued.body.data.id)!;
  expect([document.Status, document.payments]).toEqual(['Booked', []]);

  // Dinero refuses the payment as it is marked (a 4xx: the record counts as failed, the transfer goes on): the
  // invoice's payment waits, and the ticker's next attempt registers it.
  dinero.failNext(`${org}/invoices/${document.Guid}/payments`, 400);
  expect((await t.call('setInvoicePaid', { id: issued.body.data.id, paidOn: '2026-11-30', method: 'mobilepay' }, owner.token)).status).toBe(200);
  await until(async () => (await t.models.AccountingPending.findOne({ companyId: owner.companyId }).lean())?.attempts === 1, 'the failed attempt noted');
  expect(document.payments).toEqual([]);
  t.clock.advance(DAY_MS);
  await runAccountingTick(t.api.services);
  expect(await waiting(owner)).toBe(0);
  expect(document.payments).toMatchObject([{ ExternalReference: `klinik-${owner.companyId}-payment-${issued.body.data.id}-paid-1`, PaymentDate: '2026-11-30', Amount: issued.body.data.totalOre / 100 }]);
  await runAccountingTick(t.api.services);
  await sync(owner);
  expect(paymentPosts(document.Guid)).toHaveLength(2); // the refused one and the one that went through
  expect(document.payments).toHaveLength(1);
});

it('a transfer cut off between Dinero taking the payment and our note of it finds the payment and sends none again', async () => {
  const owner = await clinic();
  const invoice = await paidBooking(owner, at(2, 11));
  await until(() => (documentOf(owner, invoice._id)?.payments.length ?? 0) > 0, 'the payment in Dinero');
  await settled(owner, 'the transfer of the paid invoice');
  // As a crash leaves it: Dinero has the payment, our claim on it was never finished (and has been given up since).
  const link = `${owner.companyId}:${DOUBLE_ORGANIZATION}:payment:${invoice._id.toHexString()}-paid-1`;
  expect((await t.models.AccountingLink.updateOne({ _id: link, companyId: owner.companyId }, { $set: { externalId: null, claimedAt: 0 } })).modifiedCount).toBe(1);
  await sync(owner);
  const document = documentOf(owner, invoice._id)!;
  expect(paymentPosts(document.Guid)).toHaveLength(1);
  expect(document.payments).toHaveLength(1);
  expect((await t.models.AccountingLink.findOne({ _id: link, companyId: owner.companyId }).lean())?.externalId).toBe(`klinik-${owner.companyId}-payment-${invoice._id.toHexString()}-paid-1`);
});

describe('the sandbox accounting system', () => {
  let local: TestApi;
  beforeAll(async () => {
    local = await startTestApi();
  });
  afterAll(async () => {
    await local.close();
  });

  it('registers a payment once per reference, only of a document it holds and only a positive one', async () => {
    const sandbox = local.api.services.accounting as AccountingSandbox;
    const grant = await sandbox.exchangeCode(await sandbox.grant('Betalinger'), 'http://localhost:3000/payment/dinero-verification');
    const { accessToken } = await sandbox.accessToken(grant.refreshToken);
    const org = grant.organizationId;
    const contact = await sandbox.upsertContact(accessToken, org, { name: 'Klient', street: 'Åvej 2', zipCode: '4000', city: 'Roskilde', email: '', phone: '', externalReference: 'klinik-c-client-1' });
    const product = await sandbox.upsertProduct(accessToken, org, { externalReference: 'klinik-c-treatment-1', name: 'Massage', priceOre: 40_000, withVat: true });
    const invoice = await sandbox.createBookedInvoice(accessToken, org, {
      externalReference: 'klinik-c-invoice-1',
      contactId: contact.id,
      date: '2026-12-01',
      number: '0001-26',
      lines: [{ productId: product.id, description: 'Massage 2. december 2026', amountOre: 40_000, withVat: true }],
      creditFor: null,
    });
    const payment = { invoiceId: invoice.id, creditNote: false, externalReference: 'klinik-c-payment-1-paid-1', date: '2026-12-01', amountOre: 50_000, description: 'Betaling af faktura 0001-26' };
    const first = await sandbox.registerPayment(accessToken, org, payment);
    expect(first.created).toBe(true);
    expect(await sandbox.registerPayment(accessToken, org, payment)).toEqual({ id: first.id, created: false });
    await expect(sandbox.registerPayment(accessToken, org, { ...payment, externalReference: 'klinik-c-payment-2-paid-1', invoiceId: 'no-such-invoice' })).rejects.toThrow('unknown invoice');
    await expect(sandbox.registerPayment(accessToken, org, { ...payment, externalReference: 'klinik-c-payment-1-paid-2', amountOre: 0 })).rejects.toThrow('positive');
    expect(await sandbox.records(org, 'payment')).toMatchObject([{ externalReference: 'klinik-c-payment-1-paid-1', data: { invoiceId: invoice.id, amountOre: 50_000, date: '2026-12-01' } }]);
  });
});
