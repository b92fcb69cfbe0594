/**
 * The support team's import screen, /support-import-data (spec 3 §2, §4, §5, §7): the confirm checks in
 * the spec's order, an upload of a clinic's files with its real progress (the browser's upload events, under a
 * throttled connection so there are many), the owner's list of those files on /Importerdata; and a meeting booked in
 * the embedded calendar (the API's placeholder page on another origin) and recorded.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logIn, registerClinic, signInAsSupport, uniqueEmail } from '../support/helpers';

/** Chooses the clinic's therapist in the autocomplete by the owner's unique e-mail. */
async function chooseTherapist(page: Page, email: string) {
  await page.getByRole('combobox', { name: 'Terapeut' }).fill(email);
  await page.getByRole('option', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await expect(page.getByRole('combobox', { name: 'Terapeut' })).toHaveValue(`Ida Holm (${email})`);
}

/** A CSV file of about `bytes` bytes (rows of made-up clients). */
function csvFile(name: string, bytes: number) {
  const row = 'Fornavn;Efternavn;Adresse;Postnr;By\n';
  return { name, mimeType: 'text/csv', buffer: Buffer.from(row.repeat(Math.ceil(bytes / row.length))) };
}

interface UploadSeen {
  /** Each file's progress values as the page showed them, in order (repeats left out). */
  values: Record<string, number[]>;
  /** The files in the order their done marker appeared. */
  done: string[];
  /** Whether 'Bekræft' was disabled every time the page showed a file part-way sent. */
  busyWhileSending: boolean;
}

test("the support team uploads a clinic's files with progress; the owner sees them on /Importerdata", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('support-import');
  await registerClinic(email, { freeTrial: true });
  await signInAsSupport(page);

  const files = page.locator('input[type="file"]');
  const alert = page.getByRole('alert');
  const confirm = page.getByRole('button', { name: 'Bekræft' });
  const chosen = page.getByRole('list', { name: 'Valgte filer' });

  // A file of another type is refused by name and not listed.
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('noter') });
  await expect(alert).toHaveText('notes.txt har en ugyldig filtype.');
  await expect(chosen).toHaveCount(0);

  // Spec 3 §5, in order: a file, five tables (or a zip), a therapist.
  await confirm.click();
  await expect(alert).toHaveText('Upload mindst én fil, før du bekræfter.');
  await files.setInputFiles([csvFile('klienter.csv', 2048), csvFile('behandlinger.CSV', 4096)]);
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen.getByRole('listitem').nth(1)).toContainText('behandlinger.CSV');
  await expect(chosen.getByRole('listitem').nth(1)).toContainText('4 KB');
  await confirm.click();
  await expect(alert).toHaveText('Du skal uploade mindst 5 CSV/Excel-filer, før du kan bekræfte.');
  await page.getByRole('button', { name: 'Fjern klienter.csv' }).click();
  await page.getByRole('button', { name: 'Fjern behandlinger.CSV' }).click();
  await expect(chosen).toHaveCount(0);

  const names = ['klienter.csv', 'behandlinger.csv', 'bookinger.csv', 'fakturalinjer.csv', 'fakturaer.csv'];
  await files.setInputFiles(names.map((name, index) => csvFile(name, (2 + (index % 3)) * 1024 * 1024)));
  await expect(chosen.getByRole('listitem')).toHaveCount(5);
  await confirm.click();
  await expect(alert).toHaveText('Vælg en terapeut, før du bekræfter.');
  await chooseTherapist(page, email);

  // What the page shows while the files go up, recorded as it changes (the upload is over before a poll could
  // see it on a fast machine): each bar's value, the done markers, and whether 'Bekræft' is disabled meanwhile.
  await page.evaluate(() => {
    const seen: UploadSeen = { values: {}, done: [], busyWhileSending: true };
    (window as unknown as { uploadSeen: UploadSeen }).uploadSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Upload af "]')) {
        const name = bar.getAttribute('aria-label')!.slice('Upload af '.length);
        const value = Number(bar.getAttribute('aria-valuenow'));
        const values = (seen.values[name] ??= []);
        if (values.at(-1) !== value) values.push(value);
        if (value > 0 && value < 1 && !document.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled) seen.busyWhileSending = false;
        if (bar.closest('li')?.textContent?.includes('Færdig') && !seen.done.includes(name)) seen.done.push(name);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  // About 15 MB at 8 MB/s: two seconds of upload events, about every 50 ms.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * 1024 * 1024 });
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: 'Filerne er uploadet.' })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const seen = await page.evaluate(() => (window as unknown as { uploadSeen: UploadSeen }).uploadSeen);
  // Every file went from 0 to 1 without going back, and was marked done, in the order the files are sent.
  expect(seen.done).toEqual(names);
  for (const name of names) {
    const values = seen.values[name]!;
    expect(values.at(-1)).toBe(1);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  }
  // The bars moved with the bytes: the last file was seen part-way, and several files were seen part-way.
  expect(seen.values['fakturaer.csv']!.some((value) => value > 0 && value < 1)).toBe(true);
  expect(names.filter((name) => seen.values[name]!.some((value) => value > 0 && value < 1)).length).toBeGreaterThanOrEqual(3);
  expect(seen.busyWhileSending).toBe(true);

  // Below the form, what support has done for the clinic: the upload with its five files.
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem').first()).toContainText('Modtaget – importeres snart');
  for (const name of names) await expect(uploads).toContainText(name);
  // The message goes after 7 seconds or on 'Luk' (this journey closes it rather than wait), and the form is back, empty.
  await page.getByRole('button', { name: 'Luk' }).click();
  await expect(confirm).toBeVisible();
  await expect(chosen).toHaveCount(0);

  // The clinic's owner sees the files on /Importerdata.
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/support-login$/);
  await logIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/Importerdata');
  const list = page.getByRole('region', { name: 'Filer uploadet af supporten' });
  await expect(list).toContainText('Modtaget – klar til import');
  for (const name of names) await expect(list).toContainText(name);
  await expect(list).toContainText('KB');
});

test('the support team books a meeting in the embedded calendar and records it', async ({ page }) => {
  const email = uniqueEmail('support-meeting');
  await registerClinic(email, { freeTrial: true });
  await signInAsSupport(page);
  const alert = page.getByRole('alert');
  const confirm = page.getByRole('button', { name: 'Bekræft' });

  await page.getByRole('radio', { name: 'Arranger møde' }).check();
  const frame = page.getByTitle('Book et møde med klinikken');
  await expect(frame).toBeVisible();
  expect((await frame.boundingBox())?.height).toBe(680);
  const calendar = frame.contentFrame();
  await expect(calendar.getByRole('heading', { name: 'Book et møde med supporten (lokal prøveside)' })).toBeVisible();

  await confirm.click();
  await expect(alert).toHaveText('Vælg en terapeut, før du bekræfter.');
  await chooseTherapist(page, email);
  // A message in the calendar's format from anywhere but the calendar's frame counts for nothing.
  await page.evaluate(() =>
    window.postMessage({ event: 'calendly.event_scheduled', payload: { event: { uri: 'https://example.test/e/1' }, invitee: { uri: 'https://example.test/i/1' } } }, '*'),
  );
  await confirm.click();
  await expect(alert).toHaveText('Please schedule a meeting before confirming.');

  await calendar.getByLabel('Tidspunkt').selectOption('10:00');
  await calendar.getByRole('button', { name: 'Book møde' }).click();
  await expect(calendar.getByRole('status')).toContainText('kl. 10:00');
  await expect(page.getByText('Mødet er booket i kalenderen. Tryk Bekræft for at gemme det.')).toBeVisible();
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: 'Mødet er arrangeret med succes.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Møder' }).getByRole('listitem')).toHaveCount(1);
});
