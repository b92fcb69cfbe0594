/**
 * The registering owner's e-mail is confirmed before the clinic can mail its clients: registration
 * mails a signed link; until it is used, invoiceMail and addClient are refused with a Danish message that says a
 * fresh link went out (at most one per clinic in ten minutes).
 */
import { newClient, registration, uniqueEmail } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SUBJECT = 'Bekræft din e-mail';
const linkToken = (text: string) => /http:\/\/localhost:3000\/confirm-email\?token=([A-Za-z0-9_.-]+)/.exec(text)?.[1];
const confirmationMails = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject === SUBJECT);

async function unconfirmedClinic() {
  const email = uniqueEmail('ubekraeftet');
  const registered = await t.call('register', registration(email));
  expect(registered.status).toBe(200);
  const login = await t.call('login', { username: email, password: 'hemmeligt1' });
  expect((await t.call('purchasedFreePlanSubscription', {}, login.body.token)).status).toBe(200);
  return { email, token: login.body.token, companyId: registered.body.data.companyId };
}

const clientInput = (mail: string) => ({ client: { ...newClient('4321'), address: 'Algade 1', post: '4000', town: 'Roskilde', email: mail }, ids: [] });

it('refuses mail to clients until the mailed link is used, sends a fresh link once, then allows it', async () => {
  const clinic = await unconfirmedClinic();
  const first = await smtp.waitForMail(clinic.email, 10_000, SUBJECT);
  expect(first.text).toContain('Bekræft e-mail: http://localhost:3000/confirm-email?token=');

  const refused = await t.call('addClient', clientInput('klient-a@example.dk'), clinic.token);
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(
    `Klinikkens e-mail er ikke bekræftet endnu, så der kan ikke sendes mails til klienter. Vi har sendt et link til ${clinic.email}: bekræft adressen, og prøv igen.`,
  );
  // Refused before anything happened: no client, no mail to the client.
  expect(await t.models.Client.countDocuments({ companyId: clinic.companyId })).toBe(0);
  expect(smtp.mails.some((mail) => mail.to.includes('klient-a@example.dk'))).toBe(false);
  // The refusal sent a fresh link; a second refusal within ten minutes does not send another.
  expect(confirmationMails(clinic.email)).toHaveLength(2);
  const again = await t.call('invoiceMail', { id: '0'.repeat(24), to: 'fremmed@example.dk', message: 'x' }, clinic.token);
  expect(again.status).toBe(403);
  expect(again.body.message).toContain(`Brug linket i mailen, vi har sendt til ${clinic.email}`);
  expect(confirmationMails(clinic.email)).toHaveLength(2);

  // A forged or foreign-purpose token confirms nothing.
  expect((await t.call('confirmEmail', { confirmToken: 'ikke-et-link' })).status).toBe(400);
  const otherPurpose = t.api.services.tokens.signPurpose('client-form', { subject: 'x', companyId: clinic.companyId });
  expect((await t.call('confirmEmail', { confirmToken: otherPurpose })).body.message).toBe(
    'Linket er ugyldigt eller udløbet. Prøv at sende en faktura eller formular igen, så sender vi et nyt link.',
  );
  expect((await t.call('addClient', clientInput('klient-a@example.dk'), clinic.token)).status).toBe(403);

  // The first mail's link still works (each link is valid for 14 days), and using it twice is harmless.
  const confirmed = await t.call('confirmEmail', { confirmToken: linkToken(first.text)! });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.message).toBe('Tak! Din e-mail er bekræftet, og klinikken kan nu sende mails til sine klienter.');
  expect((await t.call('confirmEmail', { confirmToken: linkToken(first.text)! })).status).toBe(200);
  const added = await t.call('addClient', clientInput('klient-b@example.dk'), clinic.token);
  expect(added.status).toBe(200);
  await smtp.waitForMail('klient-b@example.dk');
});

it('refuses an expired link', async () => {
  const clinic = await unconfirmedClinic();
  const token = linkToken((await smtp.waitForMail(clinic.email, 10_000, SUBJECT)).text)!;
  // jsonwebtoken reads the real clock: a token signed to have expired already stands for a link 14 days old.
  const expired = t.api.services.tokens.signPurpose('confirm-email', { subject: 'x', companyId: clinic.companyId }, -1);
  expect((await t.call('confirmEmail', { confirmToken: expired })).status).toBe(400);
  expect((await t.call('confirmEmail', { confirmToken: token })).status).toBe(200);
});

it('treats clinics registered before the rule as confirmed', async () => {
  const clinic = await unconfirmedClinic();
  await t.models.Company.updateOne({ _id: clinic.companyId }, { $unset: { emailConfirmed: 1 } });
  expect((await t.call('addClient', clientInput('klient-c@example.dk'), clinic.token)).status).toBe(200);
});
