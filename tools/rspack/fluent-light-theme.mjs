/**
 * Fluent's light theme as data, computed when a module is built. The browser's `createLightTheme` and
 * `tokens` (fluent-tokens.mjs) are made from it, so the palettes, colour tables and functions @fluentui/tokens builds
 * them from stay out of the shell's first load: 7.2 KB brotli of the shared singletons' file, for 3 KB of data.
 *
 * The theme is Fluent's `createLightTheme` of a brand ramp whose steps are markers: a value that is a marker is the
 * brand colour of that step (49 of the 459 values), every other value is the same for every brand. The build refuses
 * a Fluent whose theme derives anything else from the brand (a mixed or computed value), or whose `tokens` are not
 * `var(--name)` of the theme's names plus the ones listed apart, so a Fluent upgrade cannot change the theme unseen.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160];

/**
 * @returns {{ theme: Record<string, string | number>, brand: Record<string, number>,
 *   extraTokens: Record<string, string>, typographyStyles: Record<string, Record<string, string>> }}
 */
export function lightThemeData() {
  const fluent = require('@fluentui/tokens');
  const marker = (step) => `\u0000brand${step}\u0000`;
  const marked = fluent.createLightTheme(Object.fromEntries(STEPS.map((step) => [step, marker(step)])));
  // Two unrelated ramps: a value the markers did not reveal as the brand must not differ between them.
  const one = fluent.createLightTheme(Object.fromEntries(STEPS.map((step) => [step, `#${(step * 1000).toString(16).padStart(6, '0')}`])));
  const two = fluent.createLightTheme(Object.fromEntries(STEPS.map((step) => [step, `#${(0xffffff - step * 997).toString(16).padStart(6, '0')}`])));
  const theme = {};
  const brand = {};
  for (const [key, value] of Object.entries(marked)) {
    const step = STEPS.find((candidate) => value === marker(candidate));
    if (step !== undefined) brand[key] = step;
    else if (String(value).includes('\u0000') || one[key] !== two[key]) throw new Error(`@fluentui/tokens: the light theme's ${key} is computed from the brand colours; fluent-light-theme.mjs cannot ship it as data`);
    else theme[key] = value;
  }
  const names = Object.keys(marked);
  const extraTokens = Object.fromEntries(Object.entries(fluent.tokens).filter(([key]) => !(key in marked)));
  const different = names.filter((key) => fluent.tokens[key] !== `var(--${key})`);
  if (different.length > 0) throw new Error(`@fluentui/tokens: tokens ${different.join(', ')} are not var(--name); fluent-tokens.mjs makes them so`);
  return { theme, brand, extraTokens, typographyStyles: fluent.typographyStyles };
}
