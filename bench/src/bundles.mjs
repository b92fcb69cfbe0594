/**
 * Bundle figures: the gzip size of the shell's first load as Chromium fetches it, and of each remote's entry
 * plus each exposed page beyond the shared singletons (from the federation manifests).
 */
import { existsSync, readFileSync } from 'node:fs';
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
    const entry = gz(path.join(dist, 'remoteEntry.js'));
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
  return pageLoad(chromium, executablePath, url, (page) => page.getByRole('button', { name: 'Log ind' }));
}

/**
 * Loads `url` in a fresh Chromium (cold cache) and measures the scripts it fetches (count, gzip KB) and the time
 * until `ready(page)` is visible. `phone`: a 390 px viewport on a slow phone over a 4G-like line (CPU 4× slower,
 * 150 ms latency, 1.6 Mbit/s down), as Lighthouse's mobile preset does.
 */
export async function pageLoad(chromium, executablePath, url, ready, { phone = false } = {}) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {});
    const page = await context.newPage();
    if (phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    }
    const sizes = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) sizes.push(response.body().then((body) => gzipSync(body).length, () => 0));
    });
    const started = Date.now();
    await page.goto(url);
    await ready(page).waitFor({ timeout: 120_000 });
    const interactiveMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    return { scripts: sizes.length, kb: bytes / KB, interactiveMs };
  } finally {
    await browser.close();
  }
}
