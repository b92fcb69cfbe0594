/**
 * The journeys' `test`: Playwright's, with one automatic check on every page a journey opens: the browser reported
 * no Content-Security-Policy violation (a script, style, image or connection the policy of scripts/static.mjs would
 * block in production fails the journey that needs it, not a user).
 */
import { expect, test as base } from '@playwright/test';

export const test = base.extend<{ contentSecurityPolicyGuard: void }>({
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
