/**
 * The therapist area on a phone (390 px) and a tablet (800 px). Every page fits the screen: nothing but a box that
 * scrolls sideways on its own (a wide table, a tab strip) reaches past its right edge (/NewClientForm's form was
 * 40 px wider than a phone, its tab strip and the form link's field widening the page's grid). And in a table no
 * cell's content runs into the next one: Fluent's tables give every column the same width, and a phone number or a
 * heading that does not wrap then ran over its neighbour (the client list, treatments, the newsletters' table, on a
 * tablet too); the app's document gives tables the widths their content needs, and on a phone the client list
 * leaves the e-mail and the last change to the client page.
 */
import type { Page } from '@playwright/test';
import { copenhagenDateKey } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at } from '../support/calendar';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';
import { hasOwnAddress, remotePages } from '../support/pages';

const PHONE_WIDTH = 390;
const TABLET_WIDTH = 800;

/**
 * Every page of the therapist area with an address of its own (the side menu's, the account menu's, the ones links
 * open), as the route table lists them, with its heading; an owner in the free trial sees them all.
 */
const PAGES = remotePages('therapist')
  .filter(hasOwnAddress)
  .map((route) => [route.path, route.title] as const);

/**
 * How far the page is wider than the screen (a wide table that widens the page pushes the header off screen). Against
 * the screen's width, not the window's: a phone's browser widens its layout viewport to content wider than it.
 */
async function pageOverflow(page: Page, width = PHONE_WIDTH): Promise<number> {
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - width;
}

/**
 * The outermost elements that reach past the screen's right edge, outside any box that scrolls or clips sideways
 * (those scroll or clip within the screen): each as its tag, start of its text and right edge.
 */
async function pastTheScreen(page: Page, screenWidth = PHONE_WIDTH): Promise<string[]> {
  return page.evaluate((width) => {
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body && box !== document.documentElement; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = (element: Element | null) => !!element && element !== document.body && element.getBoundingClientRect().right > width + 1 && !clipped(element);
    return [...document.querySelectorAll('body *')]
      .filter((element) => past(element) && !past(element.parentElement))
      .map((element) => `${element.tagName.toLowerCase()} '${(element.textContent ?? '').trim().slice(0, 40)}' to ${Math.round(element.getBoundingClientRect().right)} px`);
  }, screenWidth);
}

/** Each page of PAGES, once its content is in: nothing past the screen's edge, and the page no wider than it. */
async function expectEveryPageFits(page: Page, width: number) {
  for (const [address, heading] of PAGES) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await pastTheScreen(page, width), address).toEqual([]);
    expect(await pageOverflow(page, width), address).toBeLessThanOrEqual(0);
  }
}

/** Every cell of every table on the page whose content is wider than the cell: its table, column and text. */
async function overflowingCells(page: Page): Promise<string[]> {
  return page.locator('table').evaluateAll((tables) =>
    tables.flatMap((table, index) =>
      [...table.querySelectorAll('th, td')]
        .filter((cell) => (cell as HTMLElement).offsetParent !== null && cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => `table ${index + 1}, column ${(cell as HTMLTableCellElement).cellIndex + 1}: '${cell.textContent?.trim()}' (${cell.scrollWidth} px in ${cell.clientWidth})`),
    ),
  );
}

test('phone and tablet: every page fits the screen, and no table cell runs into the next one', async ({ browser }) => {
  const email = uniqueEmail('telefontabel');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const clientIds: string[] = [];
  for (const [nameFirst, nameLast, cpr, mail, phone] of [
    ['Asta', 'Jensen', '141072-4000', 'asta.marie.jensen@eksempel-fysioterapi.dk', '+4593930328'],
    ['Christoffer', 'Bøgh-Andersen', '301075-3670', 'christoffer@example.org', '27407309'],
  ] as const) {
    const [CPR6Digit, CPRLast4Digit] = cpr.split('-');
    const added = await api<{ data: { id: string } }>('addClient', { token, client: { nameFirst, nameLast, CPR6Digit, CPRLast4Digit, email: mail, phonePrivate: phone, address: 'Algade 1', post: '4000', town: 'Roskilde' }, ids: [] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    clientIds.push(added.body.data.id);
  }
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Sportsmassage med opfølgning', price: 1450, duration: 3600, pause: 900 });
  expect(treatment.status).toBe(200);
  expect((await api('addTreatment', { token, name: 'Førstegangskonsultation', price: 650, duration: 3600, pause: 600 })).status).toBe(200);
  const tomorrow = copenhagenDateKey(Date.now() + 24 * 3600_000);
  const booked = await api<{ data: { clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from: at(tomorrow, 13, 15),
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: uniqueEmail('klient'), phonePrivate: '20304050' },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  // An invoice of the client with the longest name.
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { moms: _moms, logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '' })).status).toBe(200);
  const yesterday = copenhagenDateKey(Date.now() - 24 * 3600_000);
  const invoicedBooking = await api<{ data: { id: string } }>('addBooking', { token, treatmentId: treatment.body.data.id, from: at(yesterday, 9), clientId: clientIds[1] });
  expect(invoicedBooking.status, JSON.stringify(invoicedBooking.body)).toBe(200);
  const invoiced = await api('addInvoice', { token, bookingId: invoicedBooking.body.data.id, settings: { type: true } });
  expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);

  const context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);

  await page.goto('/Klientdata');
  const clients = page.getByRole('table', { name: 'Klienter' });
  await expect(clients.getByRole('link', { name: 'Christoffer Bøgh-Andersen' })).toBeVisible();
  await expect(clients.getByText('+45 93 93 03 28')).toBeVisible();
  // The e-mail and the last change are on the client page, not in a phone's list.
  await expect(clients.getByRole('columnheader', { name: 'E-mail' })).toBeHidden();
  await expect(clients.getByText('christoffer@example.org')).toBeHidden();
  expect(await overflowingCells(page)).toEqual([]);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // A client's bookings: the table is wider than a phone and scrolls in its own box; the page does not.
  await clients.getByRole('link', { name: 'Signe Kjær' }).click();
  await page.getByRole('button', { name: 'Bookinger' }).click();
  const bookings = page.getByRole('table').filter({ hasText: 'Sportsmassage med opfølgning' });
  await expect(bookings).toBeVisible();
  expect(await overflowingCells(page)).toEqual([]);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Slet klient' })).toBeInViewport();

  // An invoice's client is named whole on a phone: the name has the row's width, the date and amount go under it.
  await page.goto('/Faktura');
  const invoiceName = page.getByText('Christoffer Bøgh-Andersen', { exact: true });
  await expect(invoiceName).toBeVisible();
  expect(await invoiceName.evaluate((name) => name.scrollWidth - name.clientWidth)).toBeLessThanOrEqual(0);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  for (const [address, heading] of [
    ['/Kontakt', 'Kontakt'],
    ['/Treatments', 'Behandlinger'],
    ['/Transactions', 'Transaktioner'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('table').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await overflowingCells(page), address).toEqual([]);
    expect(await pageOverflow(page), address).toBeLessThanOrEqual(0);
  }

  // The treatments' price and buttons start out of sight: a shade on the box's end says so, and once the box is
  // scrolled to its end the shade is on its start instead.
  await page.goto('/Treatments');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const treatments = page.locator('[data-more]').filter({ has: page.getByRole('table') });
  await expect(treatments).toHaveAttribute('data-more', 'end');
  await treatments.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(treatments).toHaveAttribute('data-more', 'start');
  await expect(treatments.getByRole('button', { name: /^Rediger/ }).first()).toBeInViewport();

  await expectEveryPageFits(page, PHONE_WIDTH);

  // Every tab of a page in sight: a strip wider than the phone wraps instead of hiding tabs past its edge.
  for (const address of ['/Kontakt', '/NewClientForm', '/Onlinereservation']) {
    await page.goto(address);
    const strip = page.getByRole('tablist');
    await expect(strip.getByRole('tab').first()).toBeVisible();
    for (const tab of await strip.getByRole('tab').all()) await expect(tab, `${address}: ${await tab.innerText()}`).toBeInViewport({ ratio: 1 });
  }
  await context.close();

  // A tablet's width has the same trouble with equal columns: the client list's phone numbers, a one-word treatment.
  const tablet = await browser.newContext({ viewport: { width: TABLET_WIDTH, height: 900 } });
  const wide = await tablet.newPage();
  await logIn(wide, email);
  await expect(wide).toHaveURL(/\/Kalender$/);
  // An upright tablet opens the side menu as the 60 px rail (its 240 px took 30% of the screen), which the header's
  // button expands.
  const menu = wide.getByRole('navigation', { name: 'Hovedmenu' });
  await expect(wide.getByRole('button', { name: 'Vis menu' })).toBeVisible();
  expect((await menu.boundingBox())?.width).toBeLessThanOrEqual(61);
  // Its entries in the spec's order (spec 1 §2), each put there by its remote's route table; Statistik (beyond the
  // spec) beside Faktura.
  const entries = ['Kalender', 'Administrer terapeut', 'Klientdata', 'Faktura', 'Statistik', 'Kontakt', 'Kursus', 'Onlinereservation', 'Videovejledninger', 'Importer data', 'Tilføjelser'];
  await expect(menu.getByRole('link')).toHaveCount(entries.length);
  expect(await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual(entries);
  for (const [address, shown, fits] of [
    ['/Klientdata', '+45 93 93 03 28', true],
    ['/Treatments', 'Førstegangskonsultation', true],
    // The transactions' table is at least 860 px wide.
    ['/Transactions', 'Beløb ekskl. moms', false],
  ] as const) {
    await wide.goto(address);
    await expect(wide.getByRole('table').getByText(shown, { exact: true })).toBeVisible();
    await expect(wide.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await overflowingCells(wide), address).toEqual([]);
    // A shade only where part of the table is out of sight.
    if (fits) await expect(wide.locator('[data-more]'), address).toHaveCount(0);
    else await expect(wide.locator('[data-more]'), address).toHaveAttribute('data-more', 'end');
  }
  await expectEveryPageFits(wide, TABLET_WIDTH);
  await tablet.close();
});
