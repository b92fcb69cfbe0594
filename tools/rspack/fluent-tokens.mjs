/**
 * What the modules use of @fluentui/tokens, and all the shell shares of it.
 *
 * @fluentui/tokens is a shared singleton (every Fluent component's styles read `tokens`; the provider's theme comes
 * from `createLightTheme`), and a shared module cannot be tree-shaken: sharing the package itself put all of its
 * themes into the shell's first load (the Teams themes, the dark and high-contrast ones: 77 KB of the shared
 * singletons' file before compression), each of them built when the file ran. Every module's build aliases
 * '@fluentui/tokens' to this file instead, as react-router-dom.mjs does for the router.
 *
 * Nor does it ship the code Fluent makes the light theme with (its palettes and colour tables): the build computes
 * the theme once, as data (fluent-light-theme.mjs, handed in as `__FLUENT_LIGHT_THEME__` by module-config.mjs's
 * DefinePlugin), and `createLightTheme` here puts a brand ramp into it. `tokens` and `typographyStyles` are Fluent's
 * own, from the same data; scripts/fluent-tokens.test.mjs holds all three equal to Fluent's.
 *
 * A module that needs another name adds it here; the build fails on an import that is not listed, also through
 * Fluent's index files (shared-subset-plugin.mjs: Rspack itself does not check an import of a shared module, which
 * was then undefined at run time). Those index files re-export every theme by name; a re-export nobody imports is
 * allowed (module-config.mjs, `reexportExportsPresence` for node_modules).
 */
/* global __FLUENT_LIGHT_THEME__ -- the build writes the theme data in its place (module-config.mjs, DefinePlugin) */
const LIGHT = __FLUENT_LIGHT_THEME__;

/** Fluent's `createLightTheme`: the light theme with `brand`'s 16 steps (10…160) as its brand colours. */
export function createLightTheme(brand) {
  const theme = { ...LIGHT.theme };
  for (const key in LIGHT.brand) theme[key] = brand[LIGHT.brand[key]];
  return theme;
}

/** Every theme value as its CSS variable (what Fluent's styles use), and the ones with a default. */
export const tokens = {};
for (const key in LIGHT.theme) tokens[key] = `var(--${key})`;
for (const key in LIGHT.brand) tokens[key] = `var(--${key})`;
Object.assign(tokens, LIGHT.extraTokens);

export const typographyStyles = LIGHT.typographyStyles;
