/**
 * A cold load of a page, traced: what `npm run bench`'s "usable" figure is made of. For each load, every
 * request the page made (when it was asked for, when its answer began and ended, its size on the wire; CDP's Network
 * domain), when named elements first appeared in the page (a MutationObserver, on the page's own clock), and the
 * page's long tasks; the load's time until `ready` as the bench measures it (Playwright, from before navigating).
 * The line and CPU are emulated by CDP throttling, as bundles.mjs's `pageLoad` does. Each load is a new browser,
 * so the HTTP cache is cold.
 */
/* global window, document, MutationObserver -- the init script runs in the page */
import { GOOD_LINE, SLOW_PHONE, emulateLine } from './bundles.mjs';

/** The lines a trace can be made on: the bench's slow phone and good line, and one between them. */
export const LINES = { slow: SLOW_PHONE, mid: { cpu: 2, latencyMs: 100, downMbit: 4 }, good: GOOD_LINE };

/**
 * Loads `url` once, traced. `ready(page)`: the locator the load is timed to. `marks`: { name: { selector, count } },
 * the first moment `count` elements match `selector` (page time, ms since navigation). `line`: one of LINES.
 * `context`: Playwright context options (viewport, session). `again`: the traced load is a second visit: `url` is
 * loaded once untraced (until `ready` and a quiet network), then again in the same tab, the HTTP cache warm.
 */
export async function tracedLoad(chromium, executablePath, url, { ready, marks, line, context, again = false }) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await (await browser.newContext(context)).newPage();
    const cdp = await page.context().newCDPSession(page);
    await emulateLine(cdp, line);
    const requests = new Map();
    let first;
    cdp.on('Network.requestWillBeSent', (event) => {
      first ??= event.timestamp;
      const action = /"action":"(\w+)"/.exec(event.request.postData ?? '')?.[1];
      requests.set(event.requestId, { url: event.request.url, action, asked: event.timestamp });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.began = event.timestamp;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { ended: event.timestamp, bytes: event.encodedDataLength });
    });
    await page.addInitScript((watched) => {
      const seen = {};
      const longTasks = [];
      Object.assign(window, { __klinikTrace: { seen, longTasks } });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }).observe({ type: 'longtask', buffered: true });
      const look = () => {
        for (const [name, { selector, count }] of Object.entries(watched)) {
          if (seen[name] === undefined && document.querySelectorAll(selector).length >= count) seen[name] = Math.round(performance.now());
        }
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
    }, marks);
    if (again) {
      await page.goto(url);
      await ready(page).waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      requests.clear();
      first = undefined;
    }
    const started = Date.now();
    await page.goto(url);
    await ready(page).waitFor({ timeout: 120_000 });
    const ms = Date.now() - started;
    const inPage = await page.evaluate(() => window.__klinikTrace);
    const seconds = (timestamp) => (timestamp === undefined ? undefined : Math.round((timestamp - first) * 1000));
    const trace = [...requests.values()]
      .sort((a, b) => a.asked - b.asked)
      .map((request) => ({ ...request, asked: seconds(request.asked), began: seconds(request.began), ended: seconds(request.ended) }));
    return { ms, requests: trace, marks: inPage.seen, longTasks: inPage.longTasks };
  } finally {
    await browser.close();
  }
}

/** A trace as lines: one per request (asked, began, ended in ms from the first request; KB; what), then the totals. */
export function waterfallLines(load) {
  const cell = (value) => (value === undefined ? '–' : String(value)).padStart(7);
  const lines = [`${'asked'.padStart(7)}${'began'.padStart(7)}${'ended'.padStart(7)}${'KB'.padStart(8)}  request`];
  for (const request of load.requests) {
    const what = request.action ? `${request.url} ${request.action}` : request.url;
    lines.push(`${cell(request.asked)}${cell(request.began)}${cell(request.ended)}${((request.bytes ?? 0) / 1024).toFixed(1).padStart(8)}  ${what}`);
  }
  const before = load.requests.filter((request) => request.ended !== undefined && request.ended <= load.ms).reduce((sum, request) => sum + (request.bytes ?? 0), 0);
  lines.push(`${(before / 1024).toFixed(1)} KB on the wire before the page was ready (${load.ms} ms)`);
  return lines;
}
