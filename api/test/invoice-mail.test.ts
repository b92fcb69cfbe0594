/**
 * invoiceMail's rules ('public mail goes only where it should'): the recipients are exactly the addresses
 * typed, the subject is the invoice's own, the message is plain text inside the invoice template (never HTML of the
 * sender's), and a clinic can mail only so many per window whatever addresses it types (429).
 */
import { copenhagenWallTime } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const PER_CLINIC = 3;
let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Per address generous, per clinic small: the clinic rule is what answers 429 here.
  t = await startTestApi({ smtpUrl: smtp.url, rateLimits: { ...DEFAULT_RATE_LIMITS, invoiceMail: { points: 1000, durationSeconds: 3600 }, 'invoiceMail:company': { points: PER_CLINIC, durationSeconds: 3600 } } });
  t.clock.set(copenhagenWallTime(2026, 11, 23, 12, 0));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };

async function invoiceOf(owner: SignedInOwner, hour: number): Promise<{ id: string; number: string }> {
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: copenhagenWallTime(2026, 12, 1, hour, 0), client: newClient(`${1000 + hour}`) }, owner.token);
  await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
  const invoice = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS }, owner.token);
  if (invoice.status !== 200) throw new Error(JSON.stringify(invoice.body));
  return invoice.body.data;
}

async function readyClinic(): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  return owner;
}

it("sends to the typed addresses only, with the invoice's subject and the message as plain text in the template", async () => {
  const owner = await readyClinic();
  const invoice = await invoiceOf(owner, 9);
  // A subject of the sender's choosing is not part of the action.
  expect((await t.call('invoiceMail', { id: invoice.id, to: 'a@example.dk', subject: 'Vind en iPhone' } as never, owner.token)).status).toBe(400);
  const message = 'Tak for besøget.\n<a href="https://phish.example">Betal her</a>\u202e';
  const sent = await t.call('invoiceMail', { id: invoice.id, to: 'klient@example.dk, bogholder@example.dk', message }, owner.token);
  expect(sent.status).toBe(200);
  const mail = await smtp.waitForMail('bogholder@example.dk');
  expect(mail.to.sort()).toEqual(['bogholder@example.dk', 'klient@example.dk']);
  expect(mail.subject).toBe(`Faktura ${invoice.number} fra Fysio Ærø`);
  expect(mail.text).toContain('Tak for besøget.');
  expect(mail.text).toContain('Dokumentet er vedhæftet som PDF (Faktura.pdf).');
  expect(mail.text).not.toContain('\u202e');
  // The HTML part carries the typed markup as text, never as markup.
  expect(mail.html).not.toContain('<a href');
  expect(mail.html).toContain('&#60;a href=&#34;https://phish.example&#34;&#62;');
});

it('limits mails per clinic, whatever addresses are typed; another clinic is not affected', async () => {
  t.clock.startFreshRateLimitWindows();
  const owner = await readyClinic();
  const invoice = await invoiceOf(owner, 10);
  const statuses: number[] = [];
  for (let index = 0; index <= PER_CLINIC; index++) {
    statuses.push((await t.call('invoiceMail', { id: invoice.id, to: `modtager${index}@example.dk` }, owner.token)).status);
  }
  expect(statuses).toEqual([...Array.from({ length: PER_CLINIC }, () => 200), 429]);
  const other = await readyClinic();
  expect((await t.call('invoiceMail', { id: (await invoiceOf(other, 11)).id, to: 'anden@example.dk' }, other.token)).status).toBe(200);
});

it('counts recipients, not calls: one mail to two addresses is two of the allowance', async () => {
  t.clock.startFreshRateLimitWindows();
  const owner = await readyClinic();
  const invoice = await invoiceOf(owner, 12);
  expect((await t.call('invoiceMail', { id: invoice.id, to: 'en@example.dk, to@example.dk' }, owner.token)).status).toBe(200);
  const over = await t.call('invoiceMail', { id: invoice.id, to: 'tre@example.dk, fire@example.dk' }, owner.token);
  expect(over.status).toBe(429);
  await smtp.waitForMail('to@example.dk');
  expect(smtp.mails.some((mail) => mail.to.includes('tre@example.dk') || mail.to.includes('fire@example.dk'))).toBe(false);
});
