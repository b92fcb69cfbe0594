/**
 * Accessibility as axe-core judges it: the WCAG 2.1 A and AA rules find nothing on any page of the
 * product, signed in or not: the public pages and the standalone booking page, every page of the therapist area
 * (with the calendar's booking card, the invoice dialog, the phone's calendar, and Pro bought on the provider's page
 * for the payment's return page and the subscription's page), the administrator's and the support team's pages, and
 * the sign-in page before and after it is live. Each page is checked once its own content is on screen; the pages of
 * one session are reached through the router, as the menu does, not loaded again.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { copenhagenDateKey, startOfCopenhagenWeek } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at } from '../support/calendar';
import { adminSignIn, api, CARDS, logIn, PASSWORD, payOnCheckout, registerClinic, signInAsSupport, uniqueEmail } from '../support/helpers';
import { remotePages, type RemoteRoute } from '../support/pages';
import { E2E_PORTS } from '../support/ports';

// Independent sessions, side by side on the two workers (the longest first).
test.describe.configure({ mode: 'parallel' });

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DAY = 24 * 3600_000;

/** What axe finds on the page, one line a violation: the rule, the page, and each element it names. */
async function violations(page: Page, where: string): Promise<string[]> {
  // Once the page's parts have their data: a list or table that loads says aria-busy meanwhile.
  await expect(page.locator('[aria-busy="true"]'), `${where} still loading`).toHaveCount(0);
  // And with no colour mid-transition: a button enabled as its data arrives fades from grey for Fluent's 100 ms, and
  // axe measured one at 4.15:1 on its way (a clean-clone run, /AdministrerTerapeut's 'Tilføj terapeut').
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    // In one run in the page (and its same-origin frames) instead of a second page per check to merge the frames'
    // results: half the time. The only cross-origin frame, support's meeting calendar, is the booking service's page.
    .setLegacyMode()
    // Tabster (Fluent's keyboard navigation in TabList and Toolbar) puts a 1 px `<i tabindex="0" aria-hidden="true">`
    // before and after a group it steers with the arrow keys: when Tab lands on one it moves focus at once to the
    // group's current item (or past the group), so no keyboard or screen-reader user ever stays on it or hears it.
    // Third-party markup, by design (microsoft/tabster#288, microsoft/fluentui#27517); Microsoft's Accessibility
    // Insights leaves it out the same way. Nothing else is left out.
    .exclude('[data-tabster-dummy]')
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} on ${where} (${violation.help}):\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}  ${node.html.slice(0, 200)}\n      ${(node.failureSummary ?? '').replace(/\n\s*/g, ' ')}`)
        .join('\n') +
      (violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more like them` : ''),
  );
}

function expectNone(found: string[]) {
  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
}

/** Goes to `path` through the router (what a click on a link does), without loading the page again. */
async function navigate(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

interface Visit {
  path: string;
  /** The page's own content, on screen once the page has loaded. */
  ready: (page: Page) => Locator;
  /** What else to check from this page before the next (a page it opens), returning what axe found there. */
  then?: (page: Page) => Promise<string[]>;
}

/** The page's main heading, by its whole text (the page before may have a heading that contains it). */
const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1, exact: true });

/**
 * The visits of the route table's `routes`: each at its path, ready once its heading (the route's title) shows, unless
 * `how` says otherwise for its path: another address (a path with a parameter needs one), another sign that its
 * content is in, or 'below' for a page the test visits later itself. A route with a parameter and no address here
 * fails the test, so a new page is never skipped without a word.
 */
function visitsOf(routes: readonly RemoteRoute[], how: Record<string, Partial<Visit> | 'below'> = {}): Visit[] {
  return routes.flatMap((route) => {
    const own = how[route.path];
    if (own === 'below') return [];
    if (!own?.path && /[:*]/.test(route.path)) throw new Error(`${route.path}: say at which address the test visits it`);
    return [{ ...own, path: own?.path ?? route.path, ready: own?.ready ?? heading(route.title) }];
  });
}

/** Visits each page in turn in one browser page, and returns what axe found on all of them. */
async function checkPages(page: Page, visits: Visit[]): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    await navigate(page, visit.path);
    await expect(visit.ready(page), visit.path).toBeVisible();
    found.push(...(await violations(page, visit.path)));
    if (visit.then) found.push(...(await visit.then(page)));
  }
  return found;
}

/** A clinic on the free trial with a treatment, opening hours this week and the next, and a client booked today. */
async function clinicWithData() {
  const email = uniqueEmail('a11y');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token })).body.data.id;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 });
  expect(treatment.status).toBe(200);
  const monday = startOfCopenhagenWeek(Date.now());
  const opening = await api('addWeeklyOpeningHours', {
    token,
    pattern: { weekdays: [1, 2, 3, 4, 5, 6, 7], everyWeeks: 1, startDate: copenhagenDateKey(monday + DAY / 2), occurrences: 2, times: [{ start: '08:00', end: '16:00' }] },
  });
  expect(opening.status).toBe(200);
  const booked = await api('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    // Today: on the week's grid, and on the phone's list of the day.
    from: at(copenhagenDateKey(Date.now()), 10),
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: uniqueEmail('klient'), phonePrivate: '20304050' },
  });
  expect(booked.status).toBe(200);
  return { email, therapistId, treatmentId: treatment.body.data.id };
}

/** Signs the clinic's owner in on a desktop screen; the calendar is the first page. */
async function signIn(page: Page, email: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
}

test("the therapist's calendar, clients and invoices", async ({ page }) => {
  const clinic = await clinicWithData();
  await signIn(page, clinic.email);
  const clientInList = (p: Page) => p.getByRole('link', { name: 'Signe Kjær' });
  // A client's page, opened from the list.
  const clientPage = async (p: Page) => {
    await clientInList(p).click();
    await expect(p.getByRole('heading', { name: 'Signe Kjær', level: 1 })).toBeVisible();
    return violations(p, '/Klientdata?id=…');
  };
  const found = await checkPages(
    page,
    visitsOf(remotePages('therapist', ['mf_calendar', 'mf_clients', 'mf_invoices']), {
      '/Kalender': { ready: (p) => p.locator('.fc-event', { hasText: 'Signe Kjær' }) },
      '/Onlinereservation': { ready: (p) => p.getByRole('textbox', { name: 'Link til din bookingside' }) },
      '/Treatments': { ready: (p) => p.getByRole('cell', { name: 'Massage', exact: true }) },
      '/Klientdata': { ready: clientInList, then: clientPage },
      '/Klientdata/google-drive': { path: '/Klientdata/google-drive?error=access_denied', ready: (p) => p.getByRole('alert') },
      '/Importerdata/fuldfoert': { ready: (p) => p.getByText('Der er ingen import at vise.') },
    }),
  );

  // The calendar's booking card, and the invoice dialog it opens.
  await navigate(page, '/Kalender');
  await page.locator('.fc-event', { hasText: 'Signe Kjær' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Stamjournal og Stamdata' })).toBeVisible();
  found.push(...(await violations(page, '/Kalender, booking card')));
  await dialog.getByRole('button', { name: 'Faktura', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Videre' })).toBeVisible();
  found.push(...(await violations(page, '/Kalender, invoice dialog')));
  await dialog.getByRole('button', { name: 'Annuller' }).click();
  await expect(dialog).toBeHidden();

  // On a phone: the courses, and the calendar's day as a list of cards.
  await page.setViewportSize({ width: 390, height: 844 });
  found.push(...(await checkPages(page, [{ path: '/Kursus', ready: heading('Kursus') }, { path: '/Kalender', ready: (p) => p.getByRole('button', { name: /^Signe Kjær, 10:00/ }) }])));
  expectNone(found);
});

test("the calendar's month with a busy day, the day's popover, and the day view", async ({ page }) => {
  const clinic = await clinicWithData();
  const { token } = (await api<{ token: string }>('login', { username: clinic.email, password: PASSWORD })).body;
  const today = copenhagenDateKey(Date.now());
  // Today at 10:00 is Signe Kjær's; seven more after it make the day more than its cell in the month holds.
  for (const [index, nameFirst] of ['Anna', 'Bo', 'Cecilie', 'Dorte', 'Emil', 'Frida', 'Gustav'].entries()) {
    const client = { nameFirst, nameLast: 'Holm', CPR6Digit: '010190', CPRLast4Digit: String(2000 + index), email: uniqueEmail('klient'), phonePrivate: '20304050' };
    expect((await api('addBooking', { token, treatmentId: clinic.treatmentId, from: at(today, 11 + index), client })).status).toBe(200);
  }
  await signIn(page, clinic.email);
  const found: string[] = [];
  await page.getByRole('button', { name: 'Måned' }).click();
  const more = page.locator(`.fc-daygrid-day[data-date="${today}"] .fc-daygrid-more-link`);
  await expect(more).toBeVisible();
  found.push(...(await violations(page, '/Kalender, month')));
  await more.click();
  await expect(page.locator('.fc-popover').getByText('Gustav Holm · Massage', { exact: true })).toBeVisible();
  found.push(...(await violations(page, "/Kalender, month, a day's popover")));
  await page.locator('.fc-popover-close').click();
  await page.getByRole('button', { name: 'Dag', exact: true }).click();
  await expect(page.locator('.fc-timegrid .fc-event', { hasText: 'Gustav Holm' })).toBeVisible();
  found.push(...(await violations(page, '/Kalender, day')));
  expectNone(found);
});

test("the therapist's plan, subscription, settings and the shell's own pages", async ({ page }) => {
  const email = uniqueEmail('a11y');
  await registerClinic(email, { freeTrial: true });
  await signIn(page, email);
  const found = await checkPages(page, [
    ...visitsOf(remotePages('therapist', ['mf_commerce']), {
      '/AdministrerTerapeut': { ready: (p) => p.getByRole('cell', { name: /Ida Holm/ }).first() },
      '/payment/*': { path: '/payment/cancel', ready: (p) => p.getByRole('heading', { name: 'Betalingen blev annulleret' }) },
      '/Abonnement/:id': 'below',
    }),
    // The shell's own pages.
    { path: '/NewPassword', ready: heading('Skift password') },
    { path: '/Samtykketekst', ready: heading('Samtykkeerklæring – behandling og journalføring') },
  ]);

  // Pro ordered on the payment provider's page during the trial (it starts, and is first charged, when the trial
  // ends): the return page, the plan card with its confirmation of what ends, and the subscription's own page.
  await navigate(page, '/planlægge');
  await page.getByRole('region', { name: 'Pro' }).getByRole('button', { name: 'Vælg Abonnement' }).click();
  await payOnCheckout(page, CARDS.succeeds, 'Gem kort');
  await expect(page.getByRole('heading', { name: 'Pro er bestilt' })).toBeVisible();
  found.push(...(await violations(page, '/payment/success')));
  await navigate(page, '/Abonnement');
  const planCard = page.getByRole('region', { name: '1 måneds gratis prøve' });
  await expect(planCard.getByText(/^Pro starter \d{2}-\d{2}-\d{4}\./)).toBeVisible();
  await planCard.getByRole('button', { name: 'Deaktiver' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(confirm.getByRole('list', { name: 'Abonnementer, der stopper' }).getByRole('listitem')).toHaveCount(1);
  found.push(...(await violations(page, '/Abonnement, ending the plan')));
  await confirm.getByRole('button', { name: 'Annuller' }).click();
  await expect(confirm).toBeHidden();
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const subscriptions = await api<{ data: { id: string; kind: string }[] }>('getTherapistAllPurchasedSubscription', { token: login.body.token });
  await navigate(page, `/Abonnement/${subscriptions.body.data.find((subscription) => subscription.kind === 'plan')!.id}`);
  await expect(page.getByText('Der er ingen betalinger på dette abonnement endnu.')).toBeVisible();
  found.push(...(await violations(page, '/Abonnement/:id')));
  expectNone(found);
});

test('the public pages and the standalone booking page', async ({ page }) => {
  const clinic = await clinicWithData();
  // The sign-in page, a document of its own (shell/src/signin/): as the server sends it, and once live.
  await page.goto('/');
  await expect(heading('Log ind')(page)).toBeVisible();
  const found = await violations(page, '/');
  await page.getByLabel(/^E-mail/).click();
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeEnabled();
  found.push(...(await violations(page, '/, live')));
  await page.goto('/register');
  found.push(...(await checkPages(page, [
    { path: '/register', ready: heading('Opret din klinik') },
    { path: '/forgot_password', ready: heading('Glemt adgangskode') },
    // The mailed links' pages, with a token (the form) and without (what to do instead).
    { path: '/reset_password?token=fra-mailen', ready: (p) => p.getByRole('button', { name: 'Gem adgangskode' }) },
    { path: '/reset_password', ready: (p) => p.getByText('Linket mangler sin kode. Bed om et nyt link.') },
    { path: '/set-password?token=fra-mailen', ready: heading('Indstil din adgangskode') },
    { path: '/confirm-email?token=fra-mailen', ready: (p) => p.getByRole('button', { name: 'Bekræft e-mail' }) },
    { path: '/admin', ready: heading('Administrator') },
    { path: '/support-login', ready: heading('Supportteam') },
    ...visitsOf(remotePages('public'), {
      '/OnlineBooking': { path: `/OnlineBooking?therapistId=${clinic.therapistId}`, ready: (p) => p.getByRole('button', { name: 'Behandling' }) },
      '/unsubscribe': { path: '/unsubscribe?clientId=fra-mailen' },
      '/ClientForm': { path: `/ClientForm?therapistID=${clinic.therapistId}&ids=` },
      '/MineTider': { path: `/MineTider?therapistId=${clinic.therapistId}`, ready: (p) => p.getByRole('button', { name: 'Send mig et link' }) },
    }),
    { path: `/Newsletter?id=${clinic.therapistId}`, ready: heading('Nyhedsbreve fra Klinik Holm') },
  ])));

  // The page clinics frame in their own websites, on a phone, where it is used most; and its next step.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`http://localhost:${E2E_PORTS.mf_booking}/embed/index.html?therapistId=${clinic.therapistId}`);
  await expect(page.getByRole('button', { name: 'Behandling' })).toBeVisible();
  found.push(...(await violations(page, 'embed/index.html')));
  await page.getByRole('button', { name: 'Behandling' }).click();
  await page.getByRole('button', { name: 'Ny klient' }).click();
  await expect(page.getByLabel('Fornavn')).toBeVisible();
  found.push(...(await violations(page, 'embed/index.html, a new client')));
  expectNone(found);
});

test("the administrator's and the support team's pages", async ({ page }) => {
  await adminSignIn(page);
  const found: string[] = [];
  // Each tab once its table has its rows (it is busy while they load).
  for (const tab of ['Virksomheder', 'Nyhedsbrev-abonnenter', 'Revisionslog']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab }).getByRole('table')).toHaveAttribute('aria-busy', 'false');
    found.push(...(await violations(page, `/Companies, ${tab}`)));
  }
  await signInAsSupport(page);
  found.push(...(await violations(page, '/support-import-data')));
  expectNone(found);
});
