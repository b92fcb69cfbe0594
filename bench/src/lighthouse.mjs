/**
 * Lighthouse figures: each page audited `runs` times with Lighthouse's default settings, its mobile
 * preset (a Moto G Power screen, simulated slow 4G, a 4× slower CPU), each run in a new headless Chromium with an
 * empty profile, so every run starts with a cold HTTP cache. A page may carry a signed-in session: it is put in the
 * page origin's localStorage before the run and Lighthouse is told to leave storage alone (`disableStorageReset`);
 * the HTTP cache is cleared here instead, so the page loads cold but signed in.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const KB = 1024;

/**
 * The therapist's session as the shell keeps it in localStorage (shell/src/session/storage.ts), from the API's
 * `login` and `getTherapist` answers: what signing in through the form leaves behind.
 */
export function storedSession(login, therapist) {
  return {
    token: login.token,
    tokenExpiresAt: String(Date.now() + login.expiresIn * 1000),
    therapist: JSON.stringify({ username: therapist.username, id: therapist.id, planType: therapist.company.planType, status: therapist.company.status, isAdmin: therapist.isAdmin }),
  };
}

/**
 * Writes `session` into the localStorage of `url`'s origin and clears the browser's HTTP cache. The origin's
 * document is answered here by an empty page (request interception), so none of the app loads before the audit.
 */
async function putSession(port, url, session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on('request', (request) => void request.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><title>session</title>' }));
    await page.goto(`${new URL(url).origin}/`);
    await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(session));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const SHOWN_ELEMENTS = 3;

/**
 * A failed accessibility audit and the elements it names (axe's selectors, the first few), so a failure can be found
 * without a rerun. Tabster's focus sentinels are said to be just that: axe reports them as `aria-hidden-focus`, and
 * the project's own axe scan leaves them out on purpose (docs/architecture.md, 'Testing').
 */
function describeFailedAudit(item) {
  const nodes = (item.details?.items ?? []).map((found) => found.node).filter(Boolean);
  if (nodes.length === 0) return item.id;
  if (nodes.every((node) => /data-tabster-dummy/.test(node.snippet ?? ''))) return `${item.id} (${nodes.length} of Tabster's focus sentinels only)`;
  const selectors = [...new Set(nodes.map((node) => node.selector))];
  const more = selectors.length > SHOWN_ELEMENTS ? ` and ${selectors.length - SHOWN_ELEMENTS} more` : '';
  return `${item.id} (${selectors.slice(0, SHOWN_ELEMENTS).join('; ')}${more})`;
}

/** One Lighthouse run in its own Chromium; the figures of its report. */
async function audit(url, { executablePath, session }) {
  const chrome = await launch({ chromePath: executablePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], logLevel: 'silent' });
  try {
    if (session) await putSession(chrome.port, url, session);
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(session) });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
    return {
      performance: lhr.categories.performance.score ?? NaN,
      accessibility: lhr.categories.accessibility.score ?? NaN,
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      fcp: numeric('first-contentful-paint'),
      si: numeric('speed-index'),
      cls: numeric('cumulative-layout-shift'),
      jsKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / KB,
      // Lighthouse's measure of the CPU it ran on: lower on a slower or busier machine, whose long tasks then
      // simulate longer still.
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      finalUrl: lhr.finalDisplayedUrl,
      failedAudits: Object.values(lhr.categories.accessibility.auditRefs)
        .map((ref) => lhr.audits[ref.id])
        .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
        .map(describeFailedAudit),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};

/**
 * Audits each of `pages` ({ name, url, session?, goals }) `runs` times, one page after the other; the figures of a
 * page are the median of each figure over its runs (each figure on its own: the median LCP may come from another
 * run than the median score).
 */
export async function lighthouseFigures(executablePath, pages, { runs = 3 } = {}) {
  const rows = [];
  for (const page of pages) {
    const started = Date.now();
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await audit(page.url, { executablePath, session: page.session }));
    const figures = {};
    for (const key of ['performance', 'accessibility', 'lcp', 'tbt', 'fcp', 'si', 'cls', 'jsKb', 'benchmarkIndex']) figures[key] = median(results.map((result) => result[key]));
    rows.push({
      ...page,
      figures,
      scores: results.map((result) => result.performance),
      finalUrls: [...new Set(results.map((result) => result.finalUrl))],
      failedAudits: [...new Set(results.flatMap((result) => result.failedAudits))],
      ms: Date.now() - started,
    });
  }
  return rows;
}

/** The table's columns: a figure, how it is written, and whether a goal is a floor (scores) or a ceiling. */
const COLUMNS = [
  { key: 'performance', title: 'perf', floor: true, show: (value) => value.toFixed(2) },
  { key: 'accessibility', title: 'a11y', floor: true, show: (value) => value.toFixed(2) },
  { key: 'lcp', title: 'LCP', show: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: 'tbt', title: 'TBT', show: (value) => `${value.toFixed(0)} ms` },
  { key: 'fcp', title: 'FCP', show: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: 'si', title: 'SI', show: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: 'cls', title: 'CLS', show: (value) => value.toFixed(3) },
  { key: 'jsKb', title: 'JS KB', show: (value) => value.toFixed(1) },
];
const WIDTH = 10;
const NAME_WIDTH = 28;

/** Whether `value` misses `goal` for `column`. */
const misses = (column, value, goal) => (column.floor ? value < goal : value > goal);

/**
 * The figures as lines of a table: per page, a line of figures (a missed goal marked with ✗ after the figure) and
 * a line of goals beneath; then which runs' scores the medians come from.
 */
export function lighthouseTable(rows) {
  const lines = [`${'page'.padEnd(NAME_WIDTH)}${COLUMNS.map((column) => column.title.padStart(WIDTH)).join('')}   perf of each run`];
  for (const row of rows) {
    const cells = COLUMNS.map((column) => {
      const value = row.figures[column.key];
      if (Number.isNaN(value)) return '–'.padStart(WIDTH);
      const goal = row.goals[column.key];
      const mark = goal !== undefined && misses(column, value, goal) ? ' ✗' : '  ';
      return `${column.show(value)}${mark}`.padStart(WIDTH);
    });
    lines.push(`${row.name.padEnd(NAME_WIDTH)}${cells.join('')}   ${row.scores.map((score) => (Number.isNaN(score) ? '–' : score.toFixed(2))).join(' ')}`);
    const goals = COLUMNS.map((column) => {
      const goal = row.goals[column.key];
      return (goal === undefined ? '' : `${column.floor ? '≥' : '≤'} ${column.show(goal)}  `).padStart(WIDTH);
    });
    lines.push(`${'  goal'.padEnd(NAME_WIDTH)}${goals.join('')}`);
  }
  return lines;
}
