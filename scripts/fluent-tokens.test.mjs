/**
 * The shared @fluentui/tokens the modules are built with (tools/rspack/fluent-tokens.mjs) give what Fluent's own do:
 * the light theme for any brand ramp, every token's CSS variable and the typography styles.
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { lightThemeData } from '../tools/rspack/fluent-light-theme.mjs';

const fluent = createRequire(import.meta.url)('@fluentui/tokens');

/** A 16-step ramp (10…160) of distinct shades of `hex`, as the shell's theme.ts makes one. */
function brandRampOf(hex) {
  const base = Number.parseInt(hex.slice(1), 16);
  return Object.fromEntries(
    Array.from({ length: 16 }, (_, index) => [(index + 1) * 10, `#${((base + index * 0x010203) % 0x1000000).toString(16).padStart(6, '0')}`]),
  );
}
let shipped;

beforeAll(async () => {
  // What module-config.mjs's DefinePlugin writes in place of the name.
  globalThis.__FLUENT_LIGHT_THEME__ = JSON.parse(JSON.stringify(lightThemeData()));
  shipped = await import('../tools/rspack/fluent-tokens.mjs');
});

describe('the shared @fluentui/tokens', () => {
  it("makes Fluent's light theme for any brand colour", () => {
    for (const colour of ['#35408e', '#d13438', '#107c10', '#000000', '#ffffff']) {
      const brand = brandRampOf(colour);
      expect(shipped.createLightTheme(brand)).toEqual(fluent.createLightTheme(brand));
    }
  });

  it('gives each theme its own object', () => {
    const brand = brandRampOf('#35408e');
    const first = shipped.createLightTheme(brand);
    first.colorBrandBackground = 'changed';
    expect(shipped.createLightTheme(brand).colorBrandBackground).toBe(brand[80]);
  });

  it("has Fluent's tokens and typography styles", () => {
    expect(shipped.tokens).toEqual(fluent.tokens);
    expect(shipped.typographyStyles).toEqual(fluent.typographyStyles);
  });

  it('ships the theme as data a fraction of the size of the code it replaces', () => {
    const data = JSON.stringify(lightThemeData());
    // 459 values; Fluent's palettes and tables are several times this.
    expect(Object.keys(JSON.parse(data).theme).length + Object.keys(JSON.parse(data).brand).length).toBe(Object.keys(fluent.webLightTheme).length);
    expect(data.length).toBeLessThan(30_000);
  });
});
