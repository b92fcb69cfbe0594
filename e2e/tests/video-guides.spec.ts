/**
 * Video guides: /Videovejledninger shows the two guides, recorded from this product, and one plays in
 * its dialog (the film is fetched from where mf-commerce ships it and time runs in the player).
 */
import { expect, test } from '../support/test';
import { logIn, registerClinic, uniqueEmail } from '../support/helpers';

test('the video guides: two cards, and a guide plays', async ({ page }) => {
  const email = uniqueEmail('guide');
  await registerClinic(email, { freeTrial: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  // The import page's 'Se guide' leads here.
  await page.goto('/Importerdata');
  await page.getByRole('link', { name: 'Se guide' }).click();
  await expect(page).toHaveURL(/\/Videovejledninger$/);
  await expect(page.getByRole('heading', { name: 'Videovejledninger', level: 1 })).toBeVisible();
  const guides = page.getByRole('region', { name: 'Vejledninger' });
  await expect(guides.getByRole('heading', { level: 2 })).toHaveText(['Samlet opgørelse', 'Billeder til klientens journal']);

  await guides.getByRole('button', { name: 'Se vejledningen: Samlet opgørelse' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Samlet opgørelse' });
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', /\/guides\/samlet-opgoerelse\.webm$/);
  // It plays: a real film of some seconds, and its time runs.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(5);
  expect(await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([1280, 800]);
  await dialog.getByRole('button', { name: 'Luk' }).click();
  await expect(dialog).toBeHidden();
});
