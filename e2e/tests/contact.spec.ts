/**
 * /Kontakt: a clinic owner on the free trial (every Pro feature) with two clients who have an e-mail and
 * newsletter on writes a newsletter with rich text and sends it to a selection of both, chosen in the searchable
 * picker, after the confirmation; the list shows it sent to both while the API's message jobs (every 2 s in this
 * stack) send it. The mail carries the text and a working unsubscribe link; the first client unsubscribes through
 * it, and the next newsletter to all reaches only the other; she signs up again on the clinic's public /Newsletter
 * page and confirms through the mailed link. Then the follow-up and reminder settings: the server's message at its
 * field, then saved with reminders on and still there after a reload. Last, the SMS tab says what a trial sends and
 * refuses SMS abroad with the server's reason.
 */
import { contactMessages } from '@klinik/core';
import { expect, test } from '../support/test';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail, type Mail } from '../support/helpers';

const SUBJECT = 'Forårsnyt fra klinikken';

/** The /unsubscribe link a newsletter mail carries. */
function unsubscribeLink(mail: Mail): string {
  const link = /https?:\/\/\S+\/unsubscribe\?clientId=[A-Za-z0-9_.%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No unsubscribe link in: ${mail.text}`);
  return link;
}

async function newsletterMails(to: string): Promise<Mail[]> {
  const response = await fetch(`${process.env.KLINIK_E2E_INBOX_URL}/?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as Mail[]).filter((mail) => mail.subject === SUBJECT);
}

test('newsletter to a selection, unsubscribe through its link, the next one to all skips that client; follow-up settings persist', async ({ page, context }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('kontakt');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token })).body.data.id;
  const anna = { nameFirst: 'Anna', nameLast: 'Lund', CPR6Digit: '010180', CPRLast4Digit: '1234', email: uniqueEmail('anna'), phonePrivate: '20304050', address: 'Åvej 1', post: '8000', town: 'Aarhus C' };
  const bo = { ...anna, nameFirst: 'Bo', nameLast: 'Berg', CPR6Digit: '020280', email: uniqueEmail('bo'), phonePrivate: '20304051' };
  for (const client of [anna, bo]) {
    const added = await api<{ data: { id: string } }>('addClient', { token, client, ids: [] });
    expect(added.status).toBe(200);
    // A new client has newsletters off until someone chooses them: here the therapist records their yes.
    expect((await api('setClient', { token, id: added.body.data.id, changes: { newsletter: true } })).status).toBe(200);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Kontakt');
  await expect(page.getByRole('heading', { name: 'Kontakt' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Nyhedsbreve' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Link til tilmelding af nyhedsbreve')).toHaveValue(new RegExp(`/Newsletter\\?id=${therapistId}$`));
  await expect(page.getByText('Ingen nyhedsbreve endnu.')).toBeVisible();

  // Write it: subject and a message with bold text.
  await page.getByRole('button', { name: 'Nyt nyhedsbrev' }).click();
  const editor = page.getByRole('dialog', { name: 'Nyt nyhedsbrev' });
  await editor.getByLabel(/^Emne/).fill(SUBJECT);
  const message = editor.getByRole('textbox', { name: 'Besked' });
  await message.click();
  await page.keyboard.type('Kære klient, vi har ');
  await editor.getByRole('button', { name: 'Fed' }).click();
  // The button gives the focus back to the text; type only once it is there and bold is on.
  await expect(editor.getByRole('button', { name: 'Fed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(message).toBeFocused();
  await page.keyboard.type('åbent lørdag');
  await expect(message.locator('strong')).toHaveText('åbent lørdag');
  await editor.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, contactMessages.newsletterAdded);
  await expect(editor).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(SUBJECT) });
  await expect(row).toContainText('Ikke sendt endnu');

  // Send it to a selection of both, chosen in the picker (the choice survives a search), after the confirmation;
  // the list follows the sending until both have it.
  await row.getByRole('button', { name: `Send ${SUBJECT}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Send "${SUBJECT}"` });
  await expect(confirm.getByRole('radio', { name: 'Alle klienter med nyhedsbrev slået til' })).toBeChecked();
  await confirm.getByRole('radio', { name: 'Udvalgte klienter' }).check();
  const search = confirm.getByRole('searchbox', { name: 'Søg efter navn eller e-mail' });
  await search.fill('Anna');
  await expect(confirm.getByRole('checkbox', { name: 'Vælg Bo Berg' })).toBeHidden();
  await confirm.getByRole('checkbox', { name: 'Vælg Anna Lund' }).check();
  await search.fill('');
  await expect(confirm.getByRole('checkbox', { name: 'Vælg Anna Lund' })).toBeChecked();
  await confirm.getByRole('checkbox', { name: 'Vælg Bo Berg' }).check();
  await expect(confirm.getByText('2 klienter valgt')).toBeVisible();
  await confirm.getByRole('button', { name: 'Send nyhedsbrev' }).click();
  await expectToast(page, contactMessages.sendStarted(2));
  await expect(row).toContainText('til udvalgte', { timeout: 20_000 });
  await expect(row).toContainText('2 modtagere · 2 sendt · 0 sprunget over · 0 fejlet', { timeout: 20_000 });

  const annasMail = await waitForMail(anna.email, 15_000, SUBJECT);
  expect(annasMail.html).toContain('<strong>åbent lørdag</strong>');

  // Anna unsubscribes through the link in her mail…
  const annasPage = await context.newPage();
  await annasPage.goto(unsubscribeLink(annasMail));
  await annasPage.getByRole('button', { name: 'Afmeld' }).click();
  await expect(annasPage.getByText('Du er nu afmeldt nyhedsbreve')).toBeVisible();
  await annasPage.close();

  // …so the next newsletter to all reaches only Bo.
  await row.getByRole('button', { name: `Send ${SUBJECT}` }).click();
  await expect(confirm.getByRole('radio', { name: 'Alle klienter med nyhedsbrev slået til' })).toBeChecked();
  await confirm.getByRole('button', { name: 'Send nyhedsbrev' }).click();
  await expectToast(page, contactMessages.sendStarted(1));
  await expect(row).toContainText('1 modtager · 1 sendt · 0 sprunget over · 0 fejlet', { timeout: 20_000 });
  await expect.poll(async () => (await newsletterMails(bo.email)).length, { timeout: 10_000 }).toBe(2);
  expect(await newsletterMails(anna.email)).toHaveLength(1);

  // Anna signs up again on the clinic's public page (double opt-in: the link in the mail confirms it).
  const signupPage = await context.newPage();
  await signupPage.goto(`/Newsletter?id=${therapistId}`);
  await expect(signupPage.getByRole('heading', { name: 'Nyhedsbreve fra Klinik Holm' })).toBeVisible();
  await signupPage.getByLabel(/^E-mail/).fill(anna.email);
  await signupPage.getByRole('button', { name: 'Tilmeld' }).click();
  await expect(signupPage.getByText(contactMessages.signupAnswer)).toBeVisible();
  const confirmation = await waitForMail(anna.email, 15_000, 'Bekræft tilmelding til nyhedsbrev fra Klinik Holm');
  const confirmLink = /https?:\/\/\S+\/Newsletter\?token=\S+/.exec(confirmation.text)?.[0];
  expect(confirmLink).toBeTruthy();
  await signupPage.goto(confirmLink!);
  await signupPage.getByRole('button', { name: 'Bekræft tilmelding' }).click();
  await expect(signupPage.getByText(contactMessages.signupConfirmed)).toBeVisible();
  await signupPage.close();

  // Follow-up and reminders: a follow-up switched on without its text is refused at the field; then saved.
  await page.getByRole('tab', { name: 'Opfølgning og påmindelser' }).click();
  const settings = page.getByRole('form', { name: 'Opfølgning og påmindelser' });
  await expect(settings.getByText(/^Påmindelsen nævner Klinik Holm/)).toBeVisible();
  await settings.getByRole('switch', { name: 'Send en opfølgningsmail efter en behandling' }).check();
  await settings.getByRole('button', { name: 'Gem' }).click();
  await expect(settings.getByText(contactMessages.followUpTextRequired)).toBeVisible();
  const treatment = settings.getByRole('region', { name: 'Opfølgning efter en behandling' });
  await treatment.getByLabel(/^Tekst i mailen/).fill('Hvordan har du det efter behandlingen?');
  await treatment.getByLabel(/^Antal dage efter/).fill('3');
  await settings.getByRole('switch', { name: 'Send en SMS-påmindelse før en booking eller en kursusdag' }).check();
  await settings.getByLabel(/^Antal timer før/).fill('12');
  await settings.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, contactMessages.settingsSaved);

  await page.reload();
  await page.getByRole('tab', { name: 'Opfølgning og påmindelser' }).click();
  await expect(settings.getByRole('switch', { name: 'Send en SMS-påmindelse før en booking eller en kursusdag' })).toBeChecked();
  await expect(settings.getByLabel(/^Antal timer før/)).toHaveValue('12');
  await expect(settings.getByRole('switch', { name: 'Send en opfølgningsmail efter en behandling' })).toBeChecked();
  await expect(treatment.getByLabel(/^Tekst i mailen/)).toHaveValue('Hvordan har du det efter behandlingen?');
  await expect(treatment.getByLabel(/^Antal dage efter/)).toHaveValue('3');
  await page.screenshot({ path: test.info().outputPath('follow-up.png'), fullPage: true });

  // SMS-forbrug: a trial sends only its free SMS, and says so; SMS abroad needs a paid plan, and the
  // server's refusal shows under the switch, which stays off.
  await page.getByRole('tab', { name: 'SMS-forbrug' }).click();
  await expect(page.getByText(/^I prøveperioden sendes kun de gratis SMS/)).toBeVisible();
  const abroad = page.getByRole('switch', { name: /^SMS til udenlandske numre/ });
  await expect(abroad).not.toBeChecked();
  await abroad.click();
  await expect(page.getByRole('alert').filter({ hasText: contactMessages.smsAbroadNeedsPaidPlan })).toBeVisible();
  await expect(abroad).not.toBeChecked();
});
