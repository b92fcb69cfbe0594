/**
 * `npm run guides:record` (in e2e/): records the video guides of /Videovejledninger from the product itself, on the
 * same stack the journeys use. Not part of `npm test`: the videos are committed (mf-commerce/guides/), and this is
 * how they are made again after the pages change. Needs ffmpeg (Debian's `ffmpeg` package).
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './guides',
  timeout: 180_000,
  use: {
    ...base.use,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    screenshot: 'off',
    // Danish in Chromium's own widgets too (date fields show dd.mm.åååå).
    launchOptions: { ...base.use?.launchOptions, args: [...(base.use?.launchOptions?.args ?? []), '--lang=da-DK'] },
  },
});
