/**
 * The shell keeps working when a remote is down (docs/decisions/0001-micro-frontends-composed-at-run-time.md): the
 * calendar's module is made unreachable, its page shows the error panel inside the layout, the other pages still
 * work, and once the module is back "Prøv igen" loads it; a remote's dialog that cannot be loaded says so, and
 * asking for it again loads it once the remote is back. A load the API does not answer is an error with
 * "Prøv igen", never an empty list or an empty week.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { PASSWORD, api, logIn, registerClinic, uniqueEmail } from '../support/helpers';
import { E2E_PORTS } from '../support/ports';

test('a stopped remote shows an error panel with a retry while the rest of the shell works', async ({ page }) => {
  const email = uniqueEmail('robust');
  await registerClinic(email, { freeTrial: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();

  // Stop mf-calendar from the browser's point of view: every request to its origin fails, and a fresh page
  // load is needed so that the module is not already in memory.
  const calendarOrigin = `http://localhost:${E2E_PORTS.mf_calendar}/**`;
  await page.route(calendarOrigin, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByText('Siden kunne ikke indlæses')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prøv igen' })).toBeVisible();
  await expect(page.getByText('version 2.0.1')).toBeVisible();

  await page.getByRole('link', { name: 'Faktura', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Faktura' })).toBeVisible();
  await page.getByRole('link', { name: 'Kalender', exact: true }).click();
  await expect(page.getByText('Siden kunne ikke indlæses')).toBeVisible();

  await page.unroute(calendarOrigin);
  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await expect(page.getByText('Siden kunne ikke indlæses')).toBeHidden();
});

test('React loads exactly once across the shell and the remotes', async ({ page }) => {
  const email = uniqueEmail('react');
  await registerClinic(email, { freeTrial: true });
  // The sign-in page is a document of its own with its own React (shell/src/signin/); counted is the app's.
  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  // Minified builds keep export names: React's own module defines cloneElement, react-dom/client createRoot.
  const copies = { react: new Set<string>(), reactDomClient: new Set<string>() };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    pending.push(
      response.text().then((body) => {
        if (/\.cloneElement=/.test(body)) copies.react.add(response.url());
        if (/\.createRoot=/.test(body)) copies.reactDomClient.add(response.url());
      }, () => undefined),
    );
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await page.getByRole('link', { name: 'Klientdata', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Klientdata' })).toBeVisible();
  await page.goto('/planlægge');
  await expect(page.getByRole('heading', { name: 'Abonnement', level: 1 })).toBeVisible();
  await Promise.all(pending);
  const shellOrigin = `http://localhost:${E2E_PORTS.shell}/`;
  expect(copies.react.size).toBe(1);
  expect(copies.reactDomClient.size).toBe(1);
  expect([...copies.react, ...copies.reactDomClient].every((url) => url.startsWith(shellOrigin))).toBe(true);
});

/** Makes the API unreachable for one action, as the browser sees it, until the returned function is called. */
async function failAction(page: Page, action: string): Promise<() => Promise<void>> {
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    let body: { action?: string } | null = null;
    try {
      body = route.request().postDataJSON() as { action?: string } | null;
    } catch {
      // An upload (multipart) is not this action.
    }
    return body?.action === action ? route.abort('connectionrefused') : route.continue();
  };
  await page.route('**/api', handler);
  return () => page.unroute('**/api', handler);
}

test("a list or a week that cannot be loaded says so with 'Prøv igen', never 'nothing found'", async ({ page }) => {
  const email = uniqueEmail('ikke-hentet');
  await registerClinic(email, { freeTrial: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.locator('.fc-timegrid')).toBeVisible();

  // The course list: the failure with its retry, not 'Ingen kurser fundet'.
  let restore = await failAction(page, 'getAllEvent');
  await page.getByRole('link', { name: 'Kursus', exact: true }).click();
  const coursesFailed = page.getByRole('alert').filter({ hasText: 'Kurserne kunne ikke hentes.' });
  await expect(coursesFailed).toBeVisible();
  await expect(page.getByText('Ingen kurser fundet')).toHaveCount(0);
  await restore();
  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(page.getByText('Ingen kurser fundet')).toBeVisible();
  await expect(coursesFailed).toHaveCount(0);

  // The calendar's week: leaves that cannot be loaded are an error, and 'Prøv igen' loads them.
  restore = await failAction(page, 'getLeavesForDay');
  await page.getByRole('link', { name: 'Kalender', exact: true }).click();
  const weekFailed = page.getByRole('alert').filter({ hasText: 'Kalenderen kunne ikke hentes.' });
  await expect(weekFailed).toBeVisible();
  await restore();
  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(weekFailed).toHaveCount(0);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
});

test("a dialog from a stopped remote says so; asked for again once the remote is back, it opens", async ({ page }) => {
  const email = uniqueEmail('dialog-nede');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 400, duration: 2700, pause: 0 });
  const booked = await api('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from: at(dayKey(nextMonday(), 1), 10),
    client: { nameFirst: 'Vera', nameLast: 'Lund', CPR6Digit: '020290', CPRLast4Digit: '2345', email: uniqueEmail('klient'), phonePrivate: '20304051' },
  });
  expect(booked.status).toBe(200);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();

  // The booking's invoice is mf-invoices' dialog, shown over the calendar by the shell (RemoteDialogHost).
  const invoicesOrigin = `http://localhost:${E2E_PORTS.mf_invoices}/**`;
  await page.route(invoicesOrigin, (route) => route.abort('connectionrefused'));
  await page.locator('.fc-event.klinik-booking', { hasText: 'Vera Lund' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Faktura', exact: true }).click();
  const failed = page.getByRole('alertdialog', { name: 'Siden kunne ikke indlæses' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(failed).toBeHidden();
  await expect(page.locator('.fc-timegrid')).toBeVisible();

  // The failure was that request's: the next one asks the remote again.
  await page.unroute(invoicesOrigin);
  await page.locator('.fc-event.klinik-booking', { hasText: 'Vera Lund' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Faktura', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Videre' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
