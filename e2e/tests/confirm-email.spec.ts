/** The registration mail's link confirms the clinic's e-mail; until then the clinic cannot mail its clients. */
import { expect, test } from '../support/test';
import { api, CONFIRM_EMAIL_SUBJECT, registerClinic, uniqueEmail, waitForMail, PASSWORD } from '../support/helpers';

test('the link in the registration mail confirms the e-mail with one press, and a used-up or forged link says so', async ({ page }) => {
  const email = uniqueEmail('bekraeft');
  await registerClinic(email, { freeTrial: true, confirmEmail: false });
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const client = { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', phonePrivate: '+45 20 30 40 50', address: 'Algade 1', post: '4000', town: 'Roskilde', email: 'signe@example.dk' };
  const refused = await api<{ message: string }>('addClient', { token: login.body.token, client, ids: [] });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toContain('Klinikkens e-mail er ikke bekræftet endnu');

  const mail = await waitForMail(email, 15_000, CONFIRM_EMAIL_SUBJECT);
  const link = /http:\/\/localhost:\d+\/confirm-email\?token=[A-Za-z0-9_.-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(`${link!.slice(0, -4)}AAAA`);
  await page.getByRole('button', { name: 'Bekræft e-mail' }).click();
  await expect(page.getByRole('alert')).toHaveText('Linket er ugyldigt eller udløbet. Prøv at sende en faktura eller formular igen, så sender vi et nyt link.');

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Bekræft din e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft e-mail' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText('Tak! Din e-mail er bekræftet, og klinikken kan nu sende mails til sine klienter.');
  expect((await api('addClient', { token: login.body.token, client, ids: [] })).status).toBe(200);
});
