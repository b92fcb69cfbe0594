/** What the journeys share: calling the API the way the browser does, reading mail, filling the forms. */
import { expect, type Page, type Request } from '@playwright/test';
import { E2E_ADMIN, E2E_PORTS, E2E_TEAM_USER } from './ports';

const apiUrl = () => process.env.KLINIK_E2E_API_URL ?? `http://localhost:${E2E_PORTS.api}/api`;

export async function api<T = Record<string, unknown>>(action: string, body: Record<string, unknown> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(apiUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action, ...body }) });
  return { status: response.status, body: (await response.json()) as T };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@klinik.test`;
}

export const PASSWORD = 'hemmeligt1';

/**
 * Registers a clinic through the API (for journeys that are not about registering), and confirms its e-mail with
 * the registration mail's link (the clinic cannot mail its clients before; `confirmEmail: false` leaves it).
 */
export async function registerClinic(email: string, options: { freeTrial?: boolean; confirmEmail?: boolean } = {}) {
  const registered = await api('register', {
    therapistInfo: { nameFirst: 'Ida', nameLast: 'Holm', email, phone: '12345678', password: PASSWORD, confirmPassword: PASSWORD, newsletter: true, termsAccepted: true },
    companyInfo: { companyName: 'Klinik Holm', address: 'Strandvejen 2', post: '2100', town: 'København Ø', email: 'info@holm.test', phone: '33123456' },
  });
  expect(registered.status).toBe(200);
  if (options.confirmEmail !== false) {
    const confirmToken = confirmationToken((await waitForMail(email, 15_000, CONFIRM_EMAIL_SUBJECT)).text);
    expect((await api('confirmEmail', { confirmToken })).status).toBe(200);
  }
  if (options.freeTrial) {
    const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
    expect((await api('purchasedFreePlanSubscription', { token: login.body.token })).status).toBe(200);
  }
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Adgangskode/).fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

/** The platform administrator's sign-in on /admin (the e2e stack's development administrator), landing on /Companies. */
export async function adminSignIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel(/^Brugernavn/).fill(E2E_ADMIN.username);
  await page.getByLabel(/^Administratoradgangskode/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/Companies$/);
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
}

/** The support team's sign-in on /support-login (the user the global setup made), landing on its import screen. */
export async function signInAsSupport(page: Page) {
  await page.goto('/support-login');
  await page.getByLabel(/^Brugernavn/).fill(E2E_TEAM_USER.username);
  await page.getByLabel(/^Adgangskode/).fill(E2E_TEAM_USER.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/support-import-data$/);
  await expect(page.getByRole('heading', { name: 'Importer data for en klinik' })).toBeVisible();
}

/** The payment sandbox's test cards (as the provider's test mode has them). */
export const CARDS = { succeeds: '4111111111111111', declined: '4000000000000002', threeDSecure: '4000000000003220' } as const;

/** The provider's checkout page: types a card and submits it (the page's button says what it does). */
export async function payOnCheckout(page: Page, card: string, submit: RegExp | string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_/);
  await expect(page.getByText('Testmiljø: der trækkes ingen rigtige penge.')).toBeVisible();
  await page.getByLabel('Kortnummer').fill(card);
  await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/39');
  await page.getByLabel('Kontrolcifre (CVC)').fill('123');
  await page.getByRole('button', { name: submit }).click();
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export const CONFIRM_EMAIL_SUBJECT = 'Bekræft din e-mail';

/** The token of the registration mail's /confirm-email link. */
export function confirmationToken(text: string): string {
  const token = /\/confirm-email\?token=([A-Za-z0-9_.-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No confirmation link in: ${text}`);
  return token;
}

/** Waits for a mail to `to` (with this subject, when given) in the test SMTP server's inbox; the latest such. */
export async function waitForMail(to: string, timeoutMs = 15_000, subject?: string): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${process.env.KLINIK_E2E_INBOX_URL}/?to=${encodeURIComponent(to)}`);
    const mails = ((await response.json()) as Mail[]).filter((mail) => subject === undefined || mail.subject === subject);
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Whether `request` calls the API's `action` (the JSON body's `action`). */
export function isAction(action: string): (request: Request) => boolean {
  return (request) => {
    if (request.method() !== 'POST') return false;
    try {
      return (request.postDataJSON() as { action?: string } | null)?.action === action;
    } catch {
      return false; // an upload's multipart body
    }
  };
}

/**
 * Holds back the page's requests to `url` that `when` accepts (all of them without it) until the answered `release`
 * is called, so a journey sees the page as it is before their answers.
 */
export async function holdRequests(page: Page, url: string | RegExp, when: (request: Request) => boolean = () => true): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (when(route.request())) await held;
    await route.continue();
  });
  return release;
}

/** A toast (Fluent renders its text twice: on screen and for screen readers). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * Waits until `locator`'s element and everything in it have finished their animations (a drawer sliding in): a
 * click during Fluent's enter motion can land while the drawer is still moving and change nothing.
 */
export async function animationsDone(locator: import('@playwright/test').Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    // An animation replaced by another (the motion restarted) rejects its `finished`: wait for whatever runs then.
    for (let round = 0; round < 20; round += 1) {
      const running = element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running' || animation.pending);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}
