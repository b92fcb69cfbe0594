/**
 * What the modules use of @fluentui/tokens, and all the shell shares of it (issue 18).
 *
 * @fluentui/tokens is a shared singleton (every Fluent component's styles read `tokens`; the provider's theme comes
 * from `createLightTheme`), and a shared module cannot be tree-shaken: sharing the package itself put all of its
 * themes into the shell's first load (the Teams themes, the dark and high-contrast ones: 77 KB of the shared
 * singletons' file before compression), each of them built when the file ran. Every module's build aliases
 * '@fluentui/tokens' to this file instead, as react-router-dom.mjs does for the router.
 *
 * A module that needs another name adds it here; the build fails on an import that is not listed
 * (exportsPresence: 'error'). Fluent's own index files re-export every theme by name; those re-exports of names not
 * listed here are allowed (module-config.mjs, `reexportExportsPresence` for node_modules), since nothing imports them.
 */
export { createLightTheme, tokens, typographyStyles } from '../../node_modules/@fluentui/tokens/lib/index.js';
