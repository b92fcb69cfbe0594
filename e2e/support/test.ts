/**
 * The journeys' `test`: Playwright's, with one automatic check on every page a journey opens: the browser reported
 * no Content-Security-Policy violation (a script, style, image or connection the policy of scripts/static.mjs would
 * block in production fails the journey that needs it, not a user).
 */
import { expect, test as base } from '@playwright/test';

export const test = base.extend<{ contentSecurityPolicyGuard: void }, { stackOfProject: void }>({
  // The 'clock' project's journeys talk to the clock stack's API (helpers and specs read KLINIK_E2E_API_URL); a
  // worker runs the journeys of one project only.
  stackOfProject: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name === 'clock' && process.env.KLINIK_E2E_CLOCK_API_URL) process.env.KLINIK_E2E_API_URL = process.env.KLINIK_E2E_CLOCK_API_URL;
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  contentSecurityPolicyGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (message) => {
          if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
