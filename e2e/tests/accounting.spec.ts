/**
 * The accounting integration (spec 3 'Accounting-service transfer result', §4 Accounting connection and
 * Integration settings, §5 Integration dates): a Pro clinic with clients, treatments and issued invoices activates the
 * Dinero add-on on /Tilføjelser, the integration settings open ('Overfør alt' on by default; a period needs both dates,
 * 'Feltet er påkrævet.'), 'Forbind til Dinero' leads to the sandbox's consent page, 'Tillad' returns to the accounting
 * return page, which follows the transfer running in the background (a progress bar, the address naming the
 * run) and then shows the counts for invoices, treatments and patients, also after a reload; 'Fortsæt' goes to
 * /Kalender, where the shell's sync icon syncs ('synkronisering...' while its transfer runs, then 'synkroniseringen er
 * afsluttet.'). A second transfer reports everything as already added.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api, holdRequests, isAction, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

const COMPANY = { companyName: 'Klinik Holm', email: 'info@holm.test', phone: '33123456', CVR: '12345678', address: 'Strandvejen 2', post: '2100', town: 'København Ø', regNumber: '1234', accountNumber: '0012345678', mobilePay: '' };
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };

async function call<T = Record<string, unknown>>(action: string, token: string, body: Record<string, unknown> = {}) {
  const answer = await api<T>(action, { token, ...body });
  expect({ action, status: answer.status, body: answer.status === 200 ? null : answer.body }).toEqual({ action, status: 200, body: null });
  return answer.body;
}

/** Pro bought on the sandbox's checkout page (outside the browser: this journey is about accounting). */
async function buyPro(token: string) {
  const started = await call<{ url: string }>('purchasedProPlanSubscription', token, { cardId: null, idempotencyKey: `e2e-accounting-${Date.now()}-pro` });
  const paid = await fetch(started.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4111111111111111', expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** Two clients, two treatments, three invoices (a third client without an invoice). */
async function clinicWithInvoices(token: string) {
  await call('setCompany', token, COMPANY);
  const treatments: string[] = [];
  for (const [name, price] of [['Massage', 450], ['Akupunktur', 500]] as const) {
    treatments.push((await call<{ data: { id: string } }>('addTreatment', token, { name, price, duration: 2700, pause: 0 })).data.id);
  }
  const clients: string[] = [];
  for (const [nameFirst, last4] of [['Signe', '1234'], ['Bo', '5678'], ['Ane', '9012']] as const) {
    const client = await call<{ data: { id: string } }>('addClient', token, {
      client: { nameFirst, nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: last4, email: 'klient@example.dk', phonePrivate: '20304050', address: 'Algade 1', post: '4000', town: 'Roskilde' },
      ids: [],
    });
    clients.push(client.data.id);
  }
  const start = Date.UTC(2030, 0, 7, 8, 0);
  for (const [index, [client, treatment]] of ([[0, 0], [1, 1], [0, 0]] as const).entries()) {
    const booking = await call<{ data: { id: string } }>('addBooking', token, { treatmentId: treatments[treatment], from: start + index * 3_600_000, clientId: clients[client] });
    await call('addInvoice', token, { bookingId: booking.data.id, settings: SETTINGS });
  }
}

/** The integration settings are open: connect, allow on the sandbox's consent page, and come back. */
async function connectAndAllow(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Indstillinger for integrationen' });
  await expect(dialog.getByRole('switch', { name: 'Overfør alt' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Forbind til Dinero' }).click();
  await expect(page).toHaveURL(/\/sandbox\/accounting\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Forbind Klinik med Dinero' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afvis' })).toBeVisible();
  await page.getByRole('button', { name: 'Tillad' }).click();
  // Back with the code; the page then names the run in its address instead.
  await expect(page).toHaveURL(/\/payment\/dinero-verification\?(code=|run=)/);
}

async function expectCounts(page: Page, rows: Record<'invoice' | 'product' | 'contact', { label: string; success: number; alreadyAdded: number; total: number }>) {
  const counts = page.getByRole('list', { name: 'Overførte data' });
  for (const [kind, row] of Object.entries(rows)) {
    const item = counts.locator(`[data-kind="${kind}"]`);
    await expect(item).toContainText(row.label);
    await expect(item).toContainText(`Overført: ${row.success}`);
    await expect(item).toContainText(`Allerede tilføjet: ${row.alreadyAdded}`);
    await expect(item).toContainText('Fejlede: 0');
    await expect(item).toContainText(`I alt: ${row.total}`);
  }
}

test('connecting the accounting sandbox transfers invoices, treatments and clients; a second transfer reports them as already added', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('dinero');
  await registerClinic(email, { freeTrial: true });
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  await buyPro(login.body.token);
  await clinicWithInvoices(login.body.token);

  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Tilføjelser');
  const card = page.getByRole('region', { name: 'Dinero-integration' });
  await card.getByRole('button', { name: 'Aktiver' }).click();

  // Activating opens the integration settings; a period needs both dates.
  const dialog = page.getByRole('dialog', { name: 'Indstillinger for integrationen' });
  await dialog.getByRole('switch', { name: 'Overfør alt' }).click();
  await dialog.getByRole('button', { name: 'Forbind til Dinero' }).click();
  await expect(dialog.getByText('Feltet er påkrævet.')).toHaveCount(2);
  await dialog.getByLabel('Fra dato').fill('2030-01-01');
  await expect(dialog.getByText('Feltet er påkrævet.')).toHaveCount(1);
  await dialog.getByRole('switch', { name: 'Overfør alt' }).click();
  // The page's questions about the run are held: the progress screen shows meanwhile.
  const releasePolls = await holdRequests(page, '**/api', isAction('getAccountingTransfer'));
  await connectAndAllow(page);

  // The transfer runs in the background: the address names the run (the code is gone from it), a progress bar shows.
  await expect(page).toHaveURL(/\/payment\/dinero-verification\?run=\d+$/);
  await expect(page.getByRole('progressbar', { name: 'Overfører data til Dinero…' })).toBeVisible();
  releasePolls();
  const firstCounts = {
    invoice: { label: 'Fakturaer', success: 3, alreadyAdded: 0, total: 3 },
    product: { label: 'Behandlinger', success: 2, alreadyAdded: 0, total: 2 },
    contact: { label: 'Patienter', success: 3, alreadyAdded: 0, total: 3 },
  };
  await expect(page.getByRole('heading', { name: 'Overførslen er gennemført' })).toBeVisible();
  await expectCounts(page, firstCounts);
  await page.unroute('**/api');
  // The result stays with the run: a reload shows it again, and transfers nothing.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Overførslen er gennemført' })).toBeVisible();
  await expectCounts(page, firstCounts);
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page).toHaveURL(/\/Kalender$/);

  // The shell's sync icon, for the owner of a connected clinic: 'synkronisering...' while its transfer runs (the start's
  // answer is held until the label has been seen), then 'synkroniseringen er afsluttet.' for 2 seconds.
  const release = await holdRequests(page, '**/api', isAction('syncDinero'));
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Synkroniser med Dinero' }).click();
  const syncStatus = header.getByRole('status');
  await expect(syncStatus).toHaveText('synkronisering...');
  release();
  await expect(syncStatus).toHaveText('synkroniseringen er afsluttet.');
  await expect(syncStatus).toHaveText('');
  await page.unroute('**/api');

  // A second transfer adds nothing twice.
  await page.goto('/Tilføjelser');
  await card.getByRole('button', { name: 'Overfør til Dinero' }).click();
  await connectAndAllow(page);
  await expect(page.getByRole('heading', { name: 'Overførslen er gennemført' })).toBeVisible();
  await expectCounts(page, {
    invoice: { label: 'Fakturaer', success: 0, alreadyAdded: 3, total: 3 },
    product: { label: 'Behandlinger', success: 0, alreadyAdded: 2, total: 2 },
    contact: { label: 'Patienter', success: 0, alreadyAdded: 3, total: 3 },
  });

  // 'Afvis' on the consent page: the return page says the transfer failed, with a way to support.
  await page.goto('/Tilføjelser');
  await card.getByRole('button', { name: 'Overfør til Dinero' }).click();
  await page.getByRole('dialog', { name: 'Indstillinger for integrationen' }).getByRole('button', { name: 'Forbind til Dinero' }).click();
  await page.getByRole('button', { name: 'Afvis' }).click();
  await expect(page.getByRole('heading', { name: 'Overførelse fejlede' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kontakt support' })).toBeVisible();
});
