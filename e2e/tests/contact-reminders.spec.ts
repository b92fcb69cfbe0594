/**
 * SMS reminders and follow-up mails, on the development clock (this journey runs in the `clock` project,
 * alone): the owner switches reminders (24 hours before) and follow-ups (1 day after) on in /Kontakt; the clock is
 * moved to 23 hours before a client's booking, and the reminder SMS is in the development outbox, naming the clinic,
 * the time and the address; then to a day after the booking, and the follow-up mail arrives in the SMTP server. The
 * messages tab lists what was sent.
 */
import { contactMessages } from '@klinik/core';
import { copenhagenWallTime } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';
import { E2E_PORTS } from '../support/ports';

const devUrl = (route: string) => (process.env.KLINIK_E2E_API_URL ?? `http://localhost:${E2E_PORTS.api}/api`).replace(/\/api$/, route);
async function moveClock(body: { advanceMs: number } | { reset: true }): Promise<number> {
  const response = await fetch(devUrl('/dev/clock'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { now: number }).now;
}
const HOUR = 3_600_000;

test('a reminder SMS before the booking and a follow-up mail after it, as the clock passes', async ({ page }) => {
  const email = uniqueEmail('paamind');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Sportsmassage', price: 500, duration: 3600, pause: 0 });
  // A booking at 10:00 three days from now, for a client with reminders and follow-up on.
  const day = new Date(Date.now() + 3 * 24 * HOUR);
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(day).split('-').map(Number) as [number, number, number];
  const from = copenhagenWallTime(year, month, date, 10);
  const clientEmail = uniqueEmail('klient');
  const booking = await api<{ data: { id: string; clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from,
    client: { nameFirst: 'Karen', nameLast: 'Møller', CPR6Digit: '030375', CPRLast4Digit: '1234', email: clientEmail, phonePrivate: '20 44 55 66' },
  });
  expect(booking.status).toBe(200);
  expect((await api('setClient', { token, id: booking.body.data.clientId, changes: { reminder: true, followUp: true } })).status).toBe(200);

  try {
    await logIn(page, email);
    await expect(page).toHaveURL(/\/Kalender$/);
    await page.goto('/Kontakt');
    await page.getByRole('tab', { name: 'Opfølgning og påmindelser' }).click();
    const settings = page.getByRole('form', { name: 'Opfølgning og påmindelser' });
    await settings.getByRole('switch', { name: 'Send en opfølgningsmail efter en behandling' }).check();
    const treatmentFollowUp = settings.getByRole('region', { name: 'Opfølgning efter en behandling' });
    await treatmentFollowUp.getByLabel(/^Tekst i mailen/).fill('Husk at strække ud hver dag.');
    await treatmentFollowUp.getByLabel(/^Antal dage efter/).fill('1');
    await settings.getByRole('switch', { name: 'Send en SMS-påmindelse før en booking eller en kursusdag' }).check();
    await settings.getByLabel(/^Antal timer før/).fill('24');
    await settings.getByRole('button', { name: 'Gem' }).click();
    await expectToast(page, contactMessages.settingsSaved);

    // 23 hours before: the clock's move runs the message jobs before it answers.
    await moveClock({ advanceMs: from - 23 * HOUR - Date.now() });
    const outbox = (await (await fetch(devUrl('/dev/outbox.json'))).json()) as { sms: { to: string; text: string; reference: string }[] };
    const reminder = outbox.sms.find((sms) => sms.reference.startsWith(`reminder:${booking.body.data.id}:`));
    expect(reminder?.to).toBe('+4520445566');
    expect(reminder?.text).toContain('Påmindelse: Du har en tid hos Klinik Holm (Sportsmassage)');
    expect(reminder?.text).toContain(`kl. 10:00, Strandvejen 2, 2100 København Ø`);

    // A day after the booking ended: the follow-up mail.
    await moveClock({ advanceMs: 23 * HOUR + HOUR + 24 * HOUR + 60_000 });
    const followUp = await waitForMail(clientEmail, 15_000, 'Opfølgning fra Klinik Holm');
    expect(followUp.text).toContain('Husk at strække ud hver dag.');

    await page.getByRole('tab', { name: 'Beskeder' }).click();
    await expect(page.getByText('Karen Møller').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('messages.png'), fullPage: true });
  } finally {
    await moveClock({ reset: true });
  }
});
