/**
 * The two pages most often opened cold on a phone, each its own document rather than the federated app:
 *
 * - the sign-in page (`/`): prerendered into index.html, so it is all there before any script; made live by the
 *   sign-in island on the first interaction (shell/src/signin/); within its budget of 100 KB gzip JavaScript, with
 *   nothing of the federated app or a remote fetched for it;
 * - the public booking page (`/OnlineBooking`): mf-booking's standalone wizard started by OnlineBooking.html
 *   (shell/src/public-booking/), within 120 KB.
 *
 * And the first page after sign-in, `/Kalender` opened anew (a bookmark, a reload): its first data is asked for while
 * its code is still on the way (shell/src/app/opening-calls.ts), each call once; the layout's pop-ups (the account
 * menu's list, the side menu's tooltips) come after the page, and a press before they are in still opens the menu.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { PASSWORD, api, holdRequests, isAction, logIn, registerClinic, uniqueEmail } from '../support/helpers';

test('without JavaScript the sign-in form is on the page, with a word on why it cannot be used', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
  await expect(page.getByLabel(/^E-mail/)).toBeVisible();
  await expect(page.getByLabel(/^Adgangskode/)).toBeVisible();
  // Disabled until React owns the form: Enter cannot send the password as a plain form submission.
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Glemt adgangskode?' })).toHaveAttribute('href', '/forgot_password');
  // (Playwright's text search skips <noscript>, so the notice is found by its class.)
  await expect(page.locator('p.noscript')).toContainText('Klinik kræver JavaScript.');
  await expect(page.locator('p.noscript')).toBeVisible();
  await context.close();
});

/** The scripts the page fetches (not prefetches), with their gzip sizes, until `stop()`. */
function watchScripts(page: Page) {
  const scripts = new Map<string, Promise<number>>();
  const watch = (response: Response) => {
    // A body the browser no longer has (the page went on) counts nothing rather than failing the journey later.
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body().then((body) => gzipSync(body).length, () => 0));
  };
  page.on('response', watch);
  return { scripts, stop: () => page.off('response', watch) };
}

test('what is typed before the form is live is kept; the form then signs in, within its budget', async ({ page }) => {
  const email = uniqueEmail('forside');
  await registerClinic(email, { freeTrial: true });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const { scripts, stop } = watchScripts(page);
  // The form's code is held back until the fields are filled, as on a slow line.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/signin-form\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Adgangskode/).fill(PASSWORD);
  const button = page.getByRole('button', { name: 'Log ind' });
  await expect(button).toBeDisabled();
  release();
  await expect(button).toBeEnabled();
  await expect(page.getByLabel(/^E-mail/)).toHaveValue(email);

  stop();
  const fetched = [...scripts.keys()];
  const total = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
  console.log(`sign-in page: ${fetched.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeLessThanOrEqual(100 * 1024);
  // The island's own files only: no federation runtime, no shared singletons, no remote.
  expect(fetched.map((url) => new URL(url).pathname).filter((file) => !/^\/signin[.-]/.test(file))).toEqual([]);

  await button.click();
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the public booking page is the standalone wizard, within 120 KB gzip of JavaScript', async ({ page }) => {
  const email = uniqueEmail('bookingside');
  await registerClinic(email, { freeTrial: true });
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const me = await api<{ data: { id: string } }>('getTherapist', { token: login.body.token });
  const { scripts, stop } = watchScripts(page);
  await page.goto(`/OnlineBooking?therapistId=${me.body.data.id}`);
  await expect(page.getByRole('button', { name: 'Behandling' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  stop();
  const files = [...scripts.keys()].map((url) => new URL(url).pathname);
  const total = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
  console.log(`/OnlineBooking: ${files.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeLessThanOrEqual(120 * 1024);
  expect(files).toContain('/embed/bookingEntry.js');
  expect(files.filter((file) => /remoteEntry|\/main\./.test(file))).toEqual([]);
});

test("/Kalender opened anew on a phone asks for the day's data while the page's code is on its way, each call once", async ({ browser, baseURL }) => {
  const email = uniqueEmail('aabning');
  await registerClinic(email, { freeTrial: true });
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  const page = await context.newPage();
  const entries: Response[] = [];
  page.on('response', (response) => {
    if (/remoteEntry/.test(response.url())) entries.push(response);
  });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.getByText('Ledig').first()).toBeVisible();
  // The calendar's entry is named by its content and cached for good: a second visit does not wait to revalidate it.
  expect(entries.map((response) => new URL(response.url()).pathname)).toEqual([expect.stringMatching(/^\/remoteEntry\.[0-9a-f]{8}\.js$/)]);
  expect(entries[0]!.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const opening = ['getTherapist', 'getBookingsFromTherapist', 'getLeavesForDay', 'getOpeningHoursFromTherapist', 'getEventDatesFromTherapist', 'getHolidays'];
  const sent: string[] = [];
  const configs: string[] = [];
  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/config.json')) configs.push(request.url());
    if (request.url().endsWith('/mf-manifest.json')) manifests.push(new URL(request.url()).port);
    if (request.method() !== 'POST' || !request.url().endsWith('/api')) return;
    const action = (JSON.parse(request.postData() ?? '{}') as { action?: string }).action;
    if (action && opening.includes(action)) sent.push(action);
  });
  // The calendar page's own code is held back until the day's bookings have been asked for: without the shell's
  // early calls they would be asked for only by that code, and the wait below would fail.
  const release = await holdRequests(page, /__federation_expose_Calendar\.[0-9a-f]+\.js$/);
  const bookingsAsked = page.waitForRequest(isAction('getBookingsFromTherapist'), { timeout: 15_000 });
  // Not until 'load': the held file is preloaded by the page, so the load event waits for it too.
  await page.reload({ waitUntil: 'commit' });
  await bookingsAsked;
  release();
  // The day's rows are offered as free only once every part of the day has its answer: by then the page has made
  // every call of its first render, and took the early answers instead of asking again.
  await expect(page.getByText('Ledig').first()).toBeVisible();
  expect([...sent].sort()).toEqual([...opening].sort());
  // The runtime config came with the document (scripts/static.mjs inlineRuntimeConfig), not a round trip later, and
  // only the calendar's remote was asked for (no share scope started every remote to compare versions).
  expect(configs).toEqual([]);
  expect(manifests).toEqual([new URL(entries[0]!.url()).port]);
  await context.close();
});

test("the app's document asks for the first calls' code right after its entry, before React and the layout", async ({ request }) => {
  // A slow line brings files in about the order they are asked for; the opening calls need only this code, so on a
  // slow phone they go out while React still downloads (tools/rspack/first-load-plugin.mjs, `first`).
  const document = await (await request.get('/Kalender')).text();
  const preloads = [...document.matchAll(/<link rel="preload" as="script" href="\/([^"]+)">/g)].map((match) => match[1]!.replace(/\.[0-9a-f]{8}\.js$/, ''));
  const entry = [...document.matchAll(/<script[^>]* src="\/([^"]+)"/g)].map((match) => match[1]);
  expect(entry).toEqual([expect.stringMatching(/^main\.[0-9a-f]{8}\.js$/)]);
  expect(preloads.slice(0, 2)).toEqual(['opening-calls', 'ky']);
  expect(preloads.indexOf('bootstrap')).toBeGreaterThan(2);
  expect(preloads.indexOf('main-layout')).toBeGreaterThan(preloads.indexOf('bootstrap'));
  // Few files: a browser asks one origin for at most six at a time over HTTP/1.1, so on a slow line with 150 ms round
  // trips the 29 files the first page was spread over queued for 1.5 s. The shared singletons come as one file
  // (tools/rspack/module-config.mjs, firstLoadVendorsGroup), and the layout's pop-ups come after the page.
  expect(preloads).toContain('first-load-vendors');
  expect(preloads.length).toBeLessThanOrEqual(16);
  expect(preloads).not.toContain('layout-popups');
});

test("the layout draws without its pop-ups' code; the account menu pressed before it arrives opens when it has, focus kept", async ({ page }) => {
  // shell/src/layouts/popups.tsx, loaded when the browser is idle after the page or when the layout is touched.
  const popups = /\/layout-popups\.[0-9a-f]{8}\.js$/;
  const email = uniqueEmail('popups');
  await registerClinic(email, { freeTrial: true });
  let release = await holdRequests(page, popups);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  const account = page.getByRole('button', { name: /^Konto:/ });
  await expect(account).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();

  // The focus on the button as the code arrives stays there: the button is drawn anew inside the menu (which gives it
  // an id of its own), and the focus is put back on it.
  await account.focus();
  const arrived = page.waitForResponse(popups);
  release();
  await arrived;
  await expect(account).toHaveAttribute('id', /.+/);
  await expect(account).toBeFocused();
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Pressed (here by the keyboard) before the code is in: nothing yet, then the menu, its first item focused. The
  // layout stays on screen all the while (a part that suspended would hide it behind the nearest fallback).
  release = await holdRequests(page, popups);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await page.evaluate(() => {
    const banner = document.querySelector('header')!;
    const watch = () => {
      if (!banner.isConnected || !banner.checkVisibility()) document.body.dataset['layoutHidden'] = 'true';
    };
    new MutationObserver(watch).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'hidden'] });
  });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(account).not.toHaveAttribute('id', /.+/);
  await expect(page.getByRole('menu')).toHaveCount(0);
  release();
  await expect(page.getByRole('menuitem', { name: 'Min profil' })).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await expect(page.locator('body')).not.toHaveAttribute('data-layout-hidden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(account).toBeFocused();

  // The collapsed side menu names its entries in tooltips.
  await page.getByRole('button', { name: 'Skjul menu' }).click();
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Faktura', exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Faktura');
});
