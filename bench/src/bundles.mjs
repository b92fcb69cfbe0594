/**
 * Bundle figures: the gzip size of the shell's first load as Chromium fetches it, and of each remote's entry
 * plus each exposed page beyond the shared singletons (from the federation manifests).
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const gz = (file) => gzipSync(readFileSync(file)).length;

export function remoteFigures(root) {
  const rows = [];
  for (const dir of ['mf-calendar', 'mf-clients', 'mf-invoices', 'mf-commerce', 'mf-admin', 'mf-booking']) {
    const dist = path.join(root, dir, 'dist');
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const shared = new Set(manifest.shared.flatMap((entry) => entry.assets.js.sync));
    const entry = gz(path.join(dist, manifest.metaData.remoteEntry.name)); // remoteEntry.<hash>.js
    for (const expose of manifest.exposes) {
      const own = expose.assets.js.sync.filter((file) => !shared.has(file));
      const total = entry + own.reduce((sum, file) => sum + gz(path.join(dist, file)), 0);
      rows.push({ module: dir, page: expose.name, entryKb: entry / KB, totalKb: total / KB });
    }
  }
  return rows;
}

/** Loads `url` in Chromium and sums the gzip size of every script it fetches. */
export async function firstLoad(chromium, executablePath, url) {
  // The prerendered form becomes live on the first interaction (shell/src/signin/island.tsx): a tap on the e-mail
  // field, then its button is enabled. Counted are the island's scripts, the form's included.
  const live = (page) => ({
    async waitFor(options) {
      await page.getByLabel(/^E-mail/).click(options);
      await page.getByRole('button', { name: 'Log ind' }).and(page.locator(':enabled')).waitFor(options);
    },
  });
  return pageLoad(chromium, executablePath, url, live);
}

/** The slow phone's line and CPU, as Lighthouse's mobile preset has them: 4× slower CPU, 150 ms, 1.6 Mbit/s down. */
export const SLOW_PHONE = { cpu: 4, latencyMs: 150, downMbit: 1.6 };
/** A good line (an office's or a home's broadband) and the machine's own CPU. */
export const GOOD_LINE = { cpu: 1, latencyMs: 20, downMbit: 50 };

/** Has `cdp`'s page run on `line` ({ cpu, latencyMs, downMbit }): the CPU that many times slower, the line by CDP. */
export async function emulateLine(cdp, line) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: line.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: line.latencyMs, downloadThroughput: (line.downMbit * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

/**
 * Loads `url` in a fresh Chromium (cold cache) and measures the scripts it fetches (count, gzip KB) and the time
 * until `ready(page)` is visible. `phone`: a 390 px viewport on the slow phone (SLOW_PHONE, unless `line` says
 * otherwise). `line`: the CPU and line to emulate ({ cpu, latencyMs, downMbit }), by CDP throttling. `context`:
 * Playwright context options over those (a wider screen, a time zone, a stored session). `again`: then loads `url` a
 * second time in the same tab, the HTTP cache warm, and times that too (`againMs`).
 */
export async function pageLoad(chromium, executablePath, url, ready, { phone = false, line = phone ? SLOW_PHONE : null, context: options = {}, again = false } = {}) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}), ...options });
    const page = await context.newPage();
    if (line) await emulateLine(await context.newCDPSession(page), line);
    // What went wrong on the way, for the error if `ready` never shows: requests that failed, API errors.
    const trouble = [];
    page.on('requestfailed', (request) => trouble.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) trouble.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
    });
    try {
      const sizes = [];
      // Scripts the page runs (as the journeys count them, e2e/tests/first-load.spec.ts), not those it prefetches
      // for the next page while idle: the sign-in page prefetches the app's first-load files (about 230 KB gzip), which
      // counted here as if the page needed them.
      const measureScripts = (response) => {
        if (response.url().endsWith('.js') && response.request().resourceType() === 'script') sizes.push(response.body().then((body) => gzipSync(body).length, () => 0));
      };
      page.on('response', measureScripts);
      const started = Date.now();
      await page.goto(url);
      await ready(page).waitFor({ timeout: 120_000 });
      const interactiveMs = Date.now() - started;
      await page.waitForLoadState('networkidle');
      page.off('response', measureScripts);
      const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
      let againMs;
      if (again) {
        const restarted = Date.now();
        await page.goto(url);
        await ready(page).waitFor({ timeout: 120_000 });
        againMs = Date.now() - restarted;
      }
      return { scripts: sizes.length, kb: bytes / KB, interactiveMs, againMs };
    } catch (error) {
      const screenshot = path.join(os.tmpdir(), 'klinik-bench-page-load.png');
      await page.screenshot({ path: screenshot }).catch(() => undefined);
      const times = new Map();
      for (const line of trouble) times.set(line, (times.get(line) ?? 0) + 1);
      const lines = [...times].map(([line, count]) => `\n  ${line}${count > 1 ? ` (${count} times)` : ''}`);
      error.message = `${error.message.split('\n')[0]}\n  on ${page.url()} (screenshot ${screenshot})${lines.join('')}`;
      throw error;
    }
  } finally {
    await browser.close();
  }
}
