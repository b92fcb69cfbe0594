/**
 * Buying and keeping Pro (spec 3 plan choice, subscription overview, transaction history; spec 1 payment
 * return), through the sandbox payment provider's own checkout page in Chromium. A clinic whose trial expired (the
 * API's clock moved 31 days) is sent to /planlægge; the declined test card is refused on the provider's page in Danish
 * and nothing changes; the good card buys Pro and the return page leads to the calendar; /Transactions lists the charge
 * and its receipt downloads as a PDF; storage bought on the saved card makes the client page's quota 5 GB larger, and
 * the data import bought with a new card returns to its page, which leads on to the upload; on
 * /Abonnement/{id} a card added with 3-D Secure (after its confirmation page)
 * takes over every subscription; cancel-all, after a confirmation that lists what ends (Pro and the drive backup, each
 * with its last day), keeps Pro until the period ends, and after the clock passes it the gated pages send the clinic
 * to /planlægge, where the payment-method dialog offers the saved cards and a new 3-D Secure card buys Pro again;
 * months of renewals later /Transactions loads its further pages as the list is scrolled. During a trial
 * the cards say when: the trial's month from the day it is chosen, Pro ordered during it starting at its end, nothing
 * charged on the provider's page, and ending it before then ends it unpaid. Then /planlægge, /Abonnement and
 * /Transactions on a 390 px phone.
 *
 * The API's clock is test-only (POST /dev/clock) and is reset after each test, so other journeys are unaffected.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api, CARDS, expectToast, logIn, PASSWORD, payOnCheckout, registerClinic, uniqueEmail } from '../support/helpers';
import { E2E_PORTS } from '../support/ports';

const DAY = 24 * 3600_000;

const clockUrl = () => (process.env.KLINIK_E2E_API_URL ?? `http://localhost:${E2E_PORTS.api}/api`).replace(/\/api$/, '/dev/clock');
async function moveClock(body: { advanceMs: number } | { reset: true }) {
  const response = await fetch(clockUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

test.afterEach(async () => {
  await moveClock({ reset: true });
});

async function planOf(email: string) {
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const therapist = await api<{ data: { company: { planType: string; status: string } } }>('getTherapist', { token: login.body.token });
  return therapist.body.data.company;
}

/** The 3-D Secure step: the provider's second page asks for a confirmation, which is given. */
async function confirmThreeDSecure(page: Page) {
  await expect(page.getByRole('heading', { name: 'Bekræft betalingen' })).toBeVisible();
  await expect(page.getByText('4000XXXXXXXX3220')).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
}

test('an expired trial buys Pro on the checkout page, keeps its cards, cancels, is locked out after the period, and buys again', async ({ page }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('pro-kunde');
  await registerClinic(email, { freeTrial: true });
  await moveClock({ advanceMs: 31 * DAY });
  expect(await planOf(email)).toMatchObject({ planType: 'freeTrial', status: 'expired' });

  // The expired trial lands on the plan page, which is never locked: the clinic can always pay.
  await logIn(page, email);
  await expect(page).toHaveURL(/\/planl%C3%A6gge$/);
  const freeCard = page.getByRole('region', { name: '1 måneds gratis prøve' });
  const proCard = page.getByRole('region', { name: 'Pro' });
  await expect(freeCard.getByRole('button', { name: 'udløbet' })).toBeDisabled();
  await expect(proCard.getByRole('list', { name: 'Det får du' }).getByRole('listitem')).toHaveCount(24);

  // 1. The declined card: the provider's page says so in Danish; leaving it changes nothing.
  await proCard.getByRole('button', { name: 'Vælg Abonnement' }).click();
  await payOnCheckout(page, CARDS.declined, /^Betal 186,25 kr\./);
  await expect(page.getByRole('alert')).toHaveText('Betalingen blev afvist af kortudstederen. Prøv et andet kort.');
  expect(await planOf(email)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
  await page.getByRole('button', { name: 'Annuller' }).click();
  await expect(page).toHaveURL(/\/payment\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Betalingen blev annulleret' })).toBeVisible();
  await page.getByRole('button', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(/\/planl%C3%A6gge$/);
  await expect(freeCard.getByRole('button', { name: 'udløbet' })).toBeDisabled();

  // 2. The good card: without saved cards straight to the provider; back on the return page, which asks the server.
  await proCard.getByRole('button', { name: 'Vælg Abonnement' }).click();
  await payOnCheckout(page, CARDS.succeeds, /^Betal 186,25 kr\./);
  await expect(page).toHaveURL(/\/payment\/success\?.*invoice=/);
  await expect(page.getByRole('heading', { name: 'Betalingen er gennemført' })).toBeVisible();
  await expect(page.getByText('Tak! Pro abonnement: 186,25 kr. inkl. moms er betalt.')).toBeVisible();
  await page.getByRole('button', { name: 'Gå til kalenderen' }).click();
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await page.goto('/planlægge');
  await expect(proCard.getByRole('button', { name: 'udvalgt' })).toBeDisabled();
  await expect(freeCard).toHaveCount(0);

  // Storage: bought with the saved card, 5 GB more on the clinic's client pages.
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const client = await api<{ data: { id: string } }>('addClient', {
    token: login.body.token,
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '20304050', address: 'Algade 1', post: '4000', town: 'Roskilde' },
    ids: [],
  });
  expect(client.status).toBe(200);
  const clientPage = `/Klientdata?id=${client.body.data.id}`;
  await page.goto(clientPage);
  await expect(page.getByText('0,00 GB af 1,00 GB brugt', { exact: true })).toBeVisible();
  await page.goto('/Tilføjelser');
  const storage = page.getByRole('region', { name: 'Ekstra lagerplads' });
  await expect(storage.getByText('kr.49,00/stk', { exact: true })).toBeVisible();
  // The unit on a line of its own under the price (Fluent's text is inline even as a <p>: 'kr.49,00/stkEnhed: stk').
  const priceBox = (await storage.getByText('kr.49,00/stk', { exact: true }).boundingBox())!;
  expect((await storage.getByText('Enhed: stk', { exact: true }).boundingBox())!.y).toBeGreaterThanOrEqual(priceBox.y + priceBox.height - 1);
  await expect(page.getByRole('region', { name: 'Dinero-integration' }).getByText('Gratis for abonnerende', { exact: true })).toBeVisible();
  await storage.getByRole('button', { name: 'Aktiver' }).click();
  const paymentDialog = page.getByRole('dialog', { name: 'Vælg betalingsmetode' });
  await expect(paymentDialog.getByText('Ekstra lagerplads: kr.49,00/stk ekskl. moms')).toBeVisible();
  await expect(paymentDialog.getByRole('radio', { name: 'Betal med et nyt kort' })).toBeChecked();
  await paymentDialog.getByRole('radio', { name: 'Gemt kort 4111XXXXXXXX1111' }).check();
  await paymentDialog.getByRole('button', { name: 'Betal' }).click();
  const storageDialog = page.getByRole('dialog', { name: 'Der er købt 5 GB ekstra lagerplads' });
  await expect(storageDialog).toContainText('Klinikken har nu 6 GB lagerplads i alt');
  await storageDialog.getByRole('button', { name: 'Luk' }).click();
  await expect(storageDialog).toBeHidden();
  await expect(storage.getByRole('button', { name: 'Køb mere' })).toBeVisible();
  await expect(storage.getByText('Købt 1 × 5 GB')).toBeVisible();
  await page.goto(clientPage);
  await expect(page.getByText('0,00 GB af 6,00 GB brugt', { exact: true })).toBeVisible();

  // The data import, with a new card on the provider's page: its return page leads on to the upload.
  await page.goto('/Tilføjelser');
  await page.getByRole('region', { name: 'Dataimport' }).getByRole('button', { name: 'Aktiver' }).click();
  await expect(paymentDialog.getByRole('radio', { name: 'Betal med et nyt kort' })).toBeChecked();
  await paymentDialog.getByRole('button', { name: 'Fortsæt til betaling' }).click();
  await payOnCheckout(page, CARDS.succeeds, /^Betal 623,75 kr\./);
  await expect(page).toHaveURL(/\/payment\/importdata-success\?.*invoice=/);
  await expect(page.getByRole('heading', { name: 'Dataimport er købt' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload filere' }).click();
  await expect(page).toHaveURL(/\/Importerdata$/);

  // The drive backup, a monthly add-on, on the saved card.
  await page.goto('/Tilføjelser');
  const drive = page.getByRole('region', { name: 'Backup til Google Drev' });
  await drive.getByRole('button', { name: 'Aktiver' }).click();
  await paymentDialog.getByRole('radio', { name: 'Gemt kort 4111XXXXXXXX1111' }).check();
  await paymentDialog.getByRole('button', { name: 'Betal' }).click();
  await expect(drive.getByRole('button', { name: 'Deaktiver' })).toBeVisible();

  // The return page believes the server, not its address: a made-up invoice is not a payment.
  await page.goto('/payment/success?id=x&invoice=o_made_up_invoice&customer=c1');
  await expect(page.getByRole('alert')).toContainText('Betalingen kunne ikke hentes. Betalingen findes ikke');

  // 3. The charge in /Transactions, under its month, with VAT apart, and its receipt as a PDF.
  await page.goto('/Transactions');
  const row = page.getByRole('row').filter({ hasText: 'Pro abonnement' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('149,00 kr.');
  await expect(row).toContainText('37,25 kr.');
  await expect(row).toContainText('186,25 kr.');
  await expect(row).toContainText('4111XXXXXXXX1111');
  await expect(row.getByText('Gennemført')).toHaveAttribute('data-colour', 'green');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^[a-zæø]+ \d{4} \(01-\d{2}-\d{4} – \d{2}-\d{2}-\d{4}\)$/);
  await expect(page.getByText('Alle transaktioner er vist.')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Hent kvittering for Pro abonnement \d{2}-\d{2}-\d{4}$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^TransactionInvoice-\d{2}-\d{2}-\d{4}\.pdf$/);
  const pdf = readFileSync(await download.path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  for (const text of ['Kvittering', 'Klinik Holm', 'Pro abonnement', '186,25 kr.', '4111XXXXXXXX1111']) expect(pdf).toContain(text);

  // 4. The subscription: its settings, a card added with 3-D Secure, and that card for every subscription.
  await page.goto('/Abonnement');
  const planPanel = page.getByRole('region', { name: 'Pro' });
  await expect(planPanel.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(planPanel.getByText(/^Næste betaling \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expect(planPanel.getByRole('button', { name: 'Deaktiver' })).toBeEnabled();
  await planPanel.getByRole('button', { name: 'Indstillinger for Pro' }).click();
  await expect(page).toHaveURL(/\/Abonnement\/s[a-f0-9]{24}-/);
  const settingsUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Pro', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d{2}-\d{2}-\d{4} – \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Betalinger' }).getByRole('listitem')).toHaveCount(1);
  const cards = page.getByRole('radiogroup', { name: 'Vælg det kort, abonnementet skal trækkes på' });
  await expect(cards.getByRole('radio')).toHaveCount(1);
  await expect(cards.getByText('Aktivt kort')).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj nyt kort' }).click();
  await payOnCheckout(page, CARDS.threeDSecure, 'Gem kort');
  await confirmThreeDSecure(page);
  await expect(page).toHaveURL(new RegExp(`^${settingsUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?`));
  await expect(cards.getByRole('radio')).toHaveCount(2);
  await cards.getByRole('radio', { name: /4000XXXXXXXX3220/ }).check();
  await page.getByRole('button', { name: 'Brug kortet til alle abonnementer' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Jeg vil bruge det valgte kort til alle klinikkens abonnementer' }).check();
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Brug kortet til alle abonnementer' }).click();
  await expectToast(page, 'Betalingskortet er opdateret på alle abonnementer');
  await expect(cards.getByRole('radio', { name: /4000XXXXXXXX3220\s*Aktivt kort/ })).toBeChecked();

  // 5. Cancel-all after 'Er du sikker?', which lists what ends with the plan: Pro stays usable until the period ends.
  await page.getByRole('button', { name: 'Tilbage til Mit Abonnement' }).click();
  await expect(page).toHaveURL(/\/Abonnement$/);
  await page.getByRole('button', { name: 'Opsig alle abonnementer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(confirm).toBeVisible();
  const ending = confirm.getByRole('list', { name: 'Abonnementer, der stopper' }).getByRole('listitem');
  await expect(ending).toHaveText([/^Pro: kan bruges til og med \d{2}-\d{2}-\d{4}$/, /^Backup til Google Drev: kan bruges til og med \d{2}-\d{2}-\d{4}$/]);
  await confirm.getByRole('button', { name: 'Opsig alle' }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, 'Abonnementet er blevet opsagt.');
  await expect(planPanel.getByText('Opsagt', { exact: true })).toBeVisible();
  await expect(planPanel.getByText(/^Kan bruges til og med \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expect(planPanel.getByRole('button', { name: 'Køb Pro' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opsig alle abonnementer' })).toBeDisabled();
  expect(await planOf(email)).toMatchObject({ planType: 'pro', status: 'cancelled' });
  await page.goto('/Kalender');
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();

  // 6. After the period's end the gated pages send the clinic to the plan page.
  await moveClock({ advanceMs: 32 * DAY });
  expect(await planOf(email)).toMatchObject({ planType: 'pro', status: 'expired' });
  for (const gated of ['/Kalender', '/Klientdata', '/Transactions', '/Tilføjelser']) {
    await page.goto(gated);
    await expect(page).toHaveURL(/\/planl%C3%A6gge$/);
  }

  // 7. Buying again: the payment-method dialog offers the saved cards and a new card (the default).
  await proCard.getByRole('button', { name: 'Vælg Abonnement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vælg betalingsmetode' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Betal med et nyt kort' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Gemt kort 4111XXXXXXXX1111' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Gemt kort 4000XXXXXXXX3220' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fortsæt til betaling' }).click();
  await payOnCheckout(page, CARDS.threeDSecure, /^Betal 186,25 kr\./);
  await confirmThreeDSecure(page);
  await expect(page.getByRole('heading', { name: 'Betalingen er gennemført' })).toBeVisible();
  await page.getByRole('button', { name: 'Gå til kalenderen' }).click();
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  expect(await planOf(email)).toMatchObject({ planType: 'pro', status: 'active' });

  // 8. Months of renewals: /Transactions shows the provider's first page (20) and loads the rest when its bottom
  // marker scrolls into view. 5 charges so far (the drive backup ended with the plan and is not renewed), and one
  // renewal of Pro each time the clock passes a period.
  for (let month = 0; month < 21; month++) await moveClock({ advanceMs: 32 * DAY });
  await page.goto('/Transactions');
  const receipts = page.getByRole('button', { name: /^Hent kvittering for / });
  await expect(receipts).toHaveCount(20);
  const more = page.getByRole('button', { name: 'Hent flere' });
  await expect(more).toBeVisible();
  await more.scrollIntoViewIfNeeded();
  await expect(receipts).toHaveCount(26);
  await expect(more).toHaveCount(0);
  await expect(page.getByText('Alle transaktioner er vist.')).toBeVisible();
});

test("during the trial the cards say when: Pro ordered starts at the trial's end, nothing is charged before, and ending it first ends it unpaid", async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('pro-i-proeve');
  await registerClinic(email);

  // No plan yet: the trial's card names the day its month would end, counted from the choice.
  await logIn(page, email);
  await expect(page).toHaveURL(/\/planl%C3%A6gge$/);
  const freeCard = page.getByRole('region', { name: '1 måneds gratis prøve' });
  const proCard = page.getByRole('region', { name: 'Pro' });
  await expect(freeCard.getByText(/^Vælger du den i dag, er den gratis til \d{2}-\d{2}-\d{4}\.$/)).toBeVisible();
  const promised = (await freeCard.getByText(/^Vælger du den i dag/).textContent())!.match(/\d{2}-\d{2}-\d{4}/)![0];
  await freeCard.getByRole('button', { name: 'Vælg Abonnement' }).click();
  await expect(page).toHaveURL(/\/Kalender$/);

  // In the trial, the Pro card says Pro follows it, from the day it ends, and only then is the card charged.
  await page.goto('/planlægge');
  await expect(freeCard.getByText(`Prøveperioden slutter ${promised}`)).toBeVisible();
  await expect(proCard.getByText(`Din gratis prøveperiode fortsætter. Pro starter ${promised}, når den slutter, og først den dag trækkes den første måned på dit kort. Derefter trækkes beløbet automatisk hver måned.`)).toBeVisible();
  await proCard.getByRole('button', { name: 'Vælg Abonnement' }).click();
  await expect(page.getByText(`186,25 kr. inkl. moms pr. måned, første gang ${promised}. Der trækkes intet nu.`)).toBeVisible();
  await payOnCheckout(page, CARDS.succeeds, 'Gem kort');
  await expect(page).toHaveURL(/\/payment\/success\?/);
  await expect(page.getByRole('heading', { name: 'Pro er bestilt' })).toBeVisible();
  await expect(page.getByText(`Pro starter ${promised}, når prøveperioden slutter`, { exact: false })).toBeVisible();
  await page.goto('/planlægge');
  await expect(proCard.getByRole('button', { name: 'udvalgt' })).toBeDisabled();
  await expect(proCard.getByText(`Pro er bestilt og starter ${promised}. Den første måned trækkes på dit kort den dag.`)).toBeVisible();
  await page.goto('/Transactions');
  await expect(page.getByText('Der er ingen transaktioner endnu.')).toBeVisible();

  // Ended before it starts: the confirmation says it never starts, and nothing is ever charged.
  await page.goto('/Abonnement');
  const plan = page.getByRole('region', { name: '1 måneds gratis prøve' });
  await expect(plan.getByText(`Pro starter ${promised}. Den første måned trækkes på dit kort den dag.`)).toBeVisible();
  await plan.getByRole('button', { name: 'Deaktiver' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(confirm.getByRole('list', { name: 'Abonnementer, der stopper' }).getByRole('listitem')).toHaveText([`Pro: skulle starte ${promised}, starter ikke, og der trækkes intet`]);
  await confirm.getByRole('button', { name: 'Opsig abonnementet' }).click();
  await expectToast(page, 'Abonnementet er blevet opsagt.');
  await expect(plan.getByRole('button', { name: 'Køb Pro' })).toBeVisible();
  await moveClock({ advanceMs: 31 * DAY });
  expect(await planOf(email)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const charges = await api<{ content: unknown[] }>('getCustomerAllTransaction', { token: login.body.token });
  expect(charges.body.content).toEqual([]);
});

test('phone: the plan page, the subscription and the transactions fit 390 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('pro-mobil');
  await registerClinic(email, { freeTrial: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  const page = await context.newPage();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  const widest = () => page.evaluate(() => document.documentElement.scrollWidth);

  await page.goto('/planlægge');
  const proCard = page.getByRole('region', { name: 'Pro' });
  await expect(proCard.getByRole('button', { name: 'Vælg Abonnement' })).toBeEnabled();
  await expect(page.getByRole('region', { name: '1 måneds gratis prøve' }).getByRole('button', { name: 'udvalgt' })).toBeDisabled();
  expect(await widest()).toBeLessThanOrEqual(390);
  const box = (await proCard.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  await page.goto('/Abonnement');
  const plan = page.getByRole('region', { name: '1 måneds gratis prøve' });
  await expect(plan.getByText(/^Prøveperioden slutter \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Køb Pro' })).toBeVisible();
  // The status is a badge, not a bar as wide as the card's title.
  const titleWidth = (await plan.getByRole('heading', { name: '1 måneds gratis prøve' }).boundingBox())!.width;
  expect((await plan.getByText('Aktiv', { exact: true }).boundingBox())!.width).toBeLessThan(titleWidth / 2);
  await expect(page.getByRole('button', { name: 'Opsig alle abonnementer' })).toBeDisabled();
  expect(await widest()).toBeLessThanOrEqual(390);

  await page.goto('/Transactions');
  await expect(page.getByText('Der er ingen transaktioner endnu.')).toBeVisible();
  expect(await widest()).toBeLessThanOrEqual(390);
  await context.close();
});
