/**
 * `npm run bench:waterfall`: cold loads of /Kalender, signed in, each traced (bench/src/waterfall.mjs), to see what
 * `npm run bench`'s "usable" figure waits for. Builds what is stale, starts the bench's stack, registers a
 * clinic with a week of 8 bookings a day (as the bench's Lighthouse step does), then loads /Kalender `--runs` times:
 * prints each load's time, the marks in the page (layout, page, bookings drawn) and its long tasks, the first load's
 * requests, and the median.
 *
 *   npm run bench:waterfall -- [--width 1024] [--line slow|mid|good] [--runs 5] [--again]
 *
 * `--width`: 1024 draws the week grid (the grid is the layout from 800 px up), 390 the phone's day list. `--line`:
 * the slow phone of the bench (default), a 4 Mbit/s line with 100 ms round trips and a 2× slower CPU, or a good line.
 * `--again`: each traced load is a second visit (the page loaded once before in the same tab, the HTTP cache warm).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { calendarClinic } from '../bench/src/calendar.mjs';
import { startSmtpSink } from '../bench/src/newsletter.mjs';
import { BENCH_PORTS, benchApiEnv } from '../bench/src/stack-options.mjs';
import { LINES, tracedLoad, waterfallLines } from '../bench/src/waterfall.mjs';
import { buildModules } from './build.mjs';
import { FRONTEND_MODULES, root, step, tsc } from './lib.mjs';
import { startStack } from './stack.mjs';

const { values } = parseArgs({
  options: { width: { type: 'string', default: '1024' }, line: { type: 'string', default: 'slow' }, runs: { type: 'string', default: '5' }, again: { type: 'boolean', default: false } },
});
const width = Number(values.width);
const runs = Number(values.runs);
const line = LINES[values.line];
if (!line) throw new Error(`--line takes ${Object.keys(LINES).join(', ')}, not '${values.line}'`);
if (!Number.isInteger(width) || width < 320) throw new Error(`--width takes a screen width in px (320 or more), not '${values.width}'`);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of loads, not '${values.runs}'`);
const PER_DAY = 8;
const grid = width >= 800;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

step('Build (only what changed)');
await tsc(['-b']);
await buildModules(FRONTEND_MODULES);

step('Start a stack and a clinic with a week of bookings');
const smtp = await startSmtpSink(4225);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-waterfall-'));
const stack = await startStack({ ports: BENCH_PORTS, dataDir, apiOutput: 'ignore', log: () => undefined, apiEnv: benchApiEnv(smtp.url) });
try {
  const call = async (body) => (await fetch(stack.apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const { storageState } = await calendarClinic(root, stack, call, { email: `bench-waterfall-${Date.now()}@klinik.test`, perDay: PER_DAY });
  const context = {
    timezoneId: 'Europe/Copenhagen',
    storageState,
    viewport: { width, height: grid ? 768 : 844 },
    ...(grid ? {} : { isMobile: true, hasTouch: true, deviceScaleFactor: 3 }),
  };
  const count = grid ? 7 * PER_DAY : PER_DAY;
  const bookings = grid ? '.fc-event.klinik-booking' : '[data-hour] [role="button"][aria-label$=", Massage"]';
  const ready = (page) => page.locator(bookings).nth(count - 1);
  const marks = { layout: { selector: 'nav', count: 1 }, page: { selector: '.klinik-calendar', count: 1 }, bookings: { selector: bookings, count } };

  step(`${runs} ${values.again ? 'second visits' : 'cold loads'} of /Kalender at ${width} px (${grid ? 'week grid' : 'day list'}), line '${values.line}': CPU ${line.cpu}× slower, ${line.latencyMs} ms, ${line.downMbit} Mbit/s`);
  const times = [];
  for (let run = 1; run <= runs; run++) {
    const load = await tracedLoad(chromium, chromiumPath, `${stack.shellUrl}/Kalender`, { ready, marks, line, context, again: values.again });
    if (run === 1) for (const text of waterfallLines(load)) console.log(text);
    const shown = Object.entries(load.marks).map(([name, at]) => `${name} ${at}`).join(', ');
    const tasks = load.longTasks.map(([at, ms]) => `${at}+${ms}`).join(' ');
    console.log(`load ${run}: ${load.ms} ms until ready; in the page (ms): ${shown}; long tasks (start+ms): ${tasks || 'none'}`);
    times.push(load.ms);
  }
  times.sort((a, b) => a - b);
  console.log(`median ${times[Math.floor(times.length / 2)]} ms of ${times.join(', ')}`);
} finally {
  await stack.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
