/**
 * End-to-end journeys of the composed product in Chromium: Debian's headless shell or full browser (Playwright's own
 * browser download does not work on these machines), or CHROMIUM_PATH. The global setup starts the whole stack on its
 * own ports with a throw-away database and a real SMTP server.
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_CLOCK_PORTS, E2E_PORTS } from './support/ports';

/**
 * The journeys that move the API's clock (POST /dev/clock: every journey on its stack sees it) run one at a time on a
 * stack of their own (support/global-setup.ts, E2E_CLOCK_PORTS), beside the others, which run two at a time on the
 * main stack (each journey registers its own clinic and reads only its own mail). Two workers in all.
 */
const MOVES_THE_CLOCK = /(client-records|commerce|contact-reminders)\.spec\.ts$/;

/**
 * CHROMIUM_PATH, else Debian's headless shell (what Playwright itself runs headless journeys in; about 30 % less CPU than
 * the full browser here), else Debian's full browser: the order of scripts/chromium.mjs, whose `ensureChromium` (the
 * first stage of `npm test`) installs the shell when it can.
 */
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  projects: [
    // First, so that its one-at-a-time journeys start at once on one worker while the other takes the rest: listed
    // last, they were left for the end, a minute of one worker alone.
    { name: 'clock', testMatch: MOVES_THE_CLOCK, workers: 1, use: { baseURL: `http://localhost:${E2E_CLOCK_PORTS.shell}` } },
    { name: 'journeys', testIgnore: MOVES_THE_CLOCK },
  ],
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORTS.shell}`,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    // No traces by default: recording one for every journey (to keep the failing ones) took a third of the e2e stage's
    // time on the two-core CI machines (4.8 -> 3.5 min). A failure still leaves its screenshot; to debug one, run it
    // again with `npx playwright test --trace retain-on-failure <file>`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
  },
});
