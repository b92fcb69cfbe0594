/**
 * The shell's first load stays within its budget (ARCHITECTURE.md): at most 200 KB of gzip-compressed
 * JavaScript for the login page, React included, as Chromium actually fetches it.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/test';

test('the login page loads at most 200 KB gzip of JavaScript, and no remote', async ({ page }) => {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.set(response.url(), response.body().then((body) => gzipSync(body).length));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
  const sizes = await Promise.all(scripts.values());
  const total = sizes.reduce((sum, size) => sum + size, 0);
  console.log(`login page: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeLessThanOrEqual(200 * 1024);
  expect([...scripts.keys()].every((url) => new URL(url).port === new URL(page.url()).port)).toBe(true);
});
