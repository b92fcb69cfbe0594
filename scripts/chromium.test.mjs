/** Finding or installing the browser the journeys need, the first stage of `npm test`. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { chromiumPath, ensureChromium } from './chromium.mjs';

const folder = mkdtempSync(path.join(os.tmpdir(), 'klinik-chromium-'));
const browser = path.join(folder, 'chromium');
writeFileSync(browser, '');
const nowhere = path.join(folder, 'no-such-chromium');

describe('the Chromium npm test finds or installs', () => {
  test('CHROMIUM_PATH wins, then Debian\'s path', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome' }, browser)).toBe('/opt/chrome');
    expect(chromiumPath({}, browser)).toBe(browser);
    expect(chromiumPath({}, nowhere)).toBeUndefined();
  });

  test('an existing browser is used as it is, without installing anything', () => {
    const lines = [];
    expect(ensureChromium({ env: { CHROMIUM_PATH: browser }, log: (line) => lines.push(line) })).toBe(browser);
    expect(ensureChromium({ env: {}, debianPath: browser, log: (line) => lines.push(line) })).toBe(browser);
    expect(lines).toEqual([]);
  });

  test('a CHROMIUM_PATH that is not there is named at once', () => {
    expect(() => ensureChromium({ env: { CHROMIUM_PATH: nowhere } })).toThrow(`CHROMIUM_PATH=${nowhere} does not exist`);
  });

  test('without a browser and without apt-get, one line says what to install', () => {
    // An empty PATH: no apt-get to run, as on a machine that is not Debian.
    expect(() => ensureChromium({ env: { PATH: folder }, debianPath: nowhere, log: () => {} })).toThrow(/^No Chromium for the end-to-end journeys: install Debian's package \(`apt-get install chromium`\) or set CHROMIUM_PATH/);
  });
});
