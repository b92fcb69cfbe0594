/**
 * ESLint for the whole repository (`npm run lint`, a stage of `npm test`).
 *
 * TypeScript is linted with type information: each file is checked in the TypeScript project that owns it (the
 * project service finds it through the tsconfig references, as the editor does), so the promise rules know
 * what returns a promise. Plain JavaScript (scripts, tools, Rspack and jest configs) gets the same rules where
 * they need no types.
 *
 * A rule is switched off for one line only with a reason after `--`:
 *   // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads only when the period changes
 */
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typescriptFiles = ['**/*.{ts,tsx,mts,cts}'];
const javascriptFiles = ['**/*.{js,mjs,cjs}'];

export default defineConfig(
  globalIgnores(['**/dist/', '**/build/', '**/test-results/', '**/playwright-report/', '.data/', '.test-data/', 'bench/results/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
  },

  // Every file: the recommended JavaScript rules, imports in one order, and disable comments that say why.
  {
    files: [...typescriptFiles, ...javascriptFiles],
    extends: [js.configs.recommended, comments.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/internal-regex': '^@klinik/',
    },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unused-disable': 'off', // linterOptions.reportUnusedDisableDirectives does it
      // The order the code already follows: node built-ins, packages, @klinik/*, then relative imports, the
      // nearer the later; type imports stand with the others from the same place.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'never',
        },
      ],
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      // `total += await count()` reads `total` before the await: with two of them in flight each writes back over
      // the other's (api/src/data/insert-new.ts lost most of an import's counts that way). Await into a const, then
      // add. Properties are left alone: a Koa context or a React ref is meant to be written after an await.
      'require-atomic-updates': ['error', { allowProperties: true }],
    },
  },

  // TypeScript, with type information.
  {
    files: typescriptFiles,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its error; an async function where a plain callback is expected
      // (an event handler, a forEach) loses it too.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Off: an `async` function without `await` is how a handler or an adapter method meets a Promise-returning
      // contract, and it turns a synchronous throw into a rejection, which is what its callers handle.
      '@typescript-eslint/require-await': 'off',
    },
  },

  // React: the rules of hooks and complete effect dependencies (not the React Compiler rules).
  {
    files: ['{ui,shell,mf-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // A part of a page loaded on demand (a dialog, a drawer, a tab, a panel) comes through @klinik/ui's partOnDemand or
  // retryable, not React.lazy: a lazy part in a Suspense boundary shows no sooner than 300 ms after the boundary's
  // fallback appeared, however soon its code comes (docs/architecture.md, 'No part of a page waits on React's reveal
  // throttle'). The shell's pages, layouts and remote pages wait the same way (App.tsx, RemotePage.tsx).
  {
    files: ['{ui,shell,mf-*}/src/**/*.{ts,tsx}'],
    ignores: ['ui/src/partOnDemand.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']",
          message: "Load a part on demand with partOnDemand or retryable (@klinik/ui): React.lazy's reveal waits 300 ms.",
        },
      ],
    },
  },

  // Plain JavaScript runs in Node (scripts, tools, configs, jest setup, benchmarks).
  {
    files: javascriptFiles,
    languageOptions: { globals: globals.node },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
