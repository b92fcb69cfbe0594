/** Finding or installing the browser the journeys need, the first stage of `npm test`. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { chromiumPath, ensureChromium, journeyBrowserPath } from './chromium.mjs';

const folder = mkdtempSync(path.join(os.tmpdir(), 'klinik-chromium-'));
const browser = path.join(folder, 'chromium');
writeFileSync(browser, '');
const shell = path.join(folder, 'chromium-headless-shell');
writeFileSync(shell, '');
const nowhere = path.join(folder, 'no-such-chromium');
// No apt-get on this PATH: nothing the tests call may install a package on the machine that runs them.
const noApt = { PATH: folder };

describe('the Chromium npm test finds or installs', () => {
  test('CHROMIUM_PATH wins, then Debian\'s path', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome' }, browser)).toBe('/opt/chrome');
    expect(chromiumPath({}, browser)).toBe(browser);
    expect(chromiumPath({}, nowhere)).toBeUndefined();
  });

  test('the journeys take CHROMIUM_PATH, then the headless shell, then the full browser', () => {
    expect(journeyBrowserPath({ CHROMIUM_PATH: '/opt/chrome' }, { debianPath: browser, shellPath: shell })).toBe('/opt/chrome');
    expect(journeyBrowserPath({}, { debianPath: browser, shellPath: shell })).toBe(shell);
    expect(journeyBrowserPath({}, { debianPath: browser, shellPath: nowhere })).toBe(browser);
    expect(journeyBrowserPath({}, { debianPath: nowhere, shellPath: nowhere })).toBeUndefined();
  });

  test('an existing browser is used as it is, without installing anything', () => {
    const lines = [];
    expect(ensureChromium({ env: { CHROMIUM_PATH: browser }, log: (line) => lines.push(line) })).toBe(browser);
    expect(ensureChromium({ env: noApt, debianPath: browser, shellPath: shell, log: (line) => lines.push(line) })).toBe(shell);
    expect(lines).toEqual([]);
  });

  test('without the headless shell and without a way to install it, the full browser runs the journeys', () => {
    const lines = [];
    expect(ensureChromium({ env: noApt, debianPath: browser, shellPath: nowhere, log: (line) => lines.push(line) })).toBe(browser);
    expect(lines).toEqual([]);
  });

  test('a CHROMIUM_PATH that is not there is named at once', () => {
    expect(() => ensureChromium({ env: { CHROMIUM_PATH: nowhere } })).toThrow(`CHROMIUM_PATH=${nowhere} does not exist`);
  });

  test('without a browser and without apt-get, one line says what to install', () => {
    // An empty PATH: no apt-get to run, as on a machine that is not Debian.
    expect(() => ensureChromium({ env: noApt, debianPath: nowhere, shellPath: nowhere, log: () => {} })).toThrow(/^No Chromium for the end-to-end journeys: install Debian's package \(`apt-get install chromium`\) or set CHROMIUM_PATH/);
  });
});
