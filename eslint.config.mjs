/**
 * ESLint for the whole repository (`npm run lint`, a stage of `npm test`).
 *
 * TypeScript is linted with type information, so the promise rules know what returns a promise. The type information
 * comes from two TypeScript programs made for the linter: tsconfig.lint-frontend.json (ui, shell and the remotes, with
 * their tests) and tsconfig.lint-node.json (core, api with its tests, devkit). The compiler (`tsc -b`) still checks each
 * project with its own settings; the linter only needs the types. One program per side instead of one per project
 * (the project service's way, about twenty of them, each loading Fluent UI's or mongoose's types again) halved the
 * linter's CPU time and memory (docs/decisions/0043-the-linters-type-information-from-two-programs.md). The e2e
 * journeys keep the project service.
 * Plain JavaScript (scripts, tools, Rspack and jest configs) gets the same rules where they need no types.
 *
 * A rule is switched off for one line only with a reason after `--`:
 *   // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads only when the period changes
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typescriptFiles = ['**/*.{ts,tsx,mts,cts}'];
const javascriptFiles = ['**/*.{js,mjs,cjs}'];

const REMOTES = readdirSync(import.meta.dirname).filter((name) => name.startsWith('mf-'));
const api = (...parts) => parts.map((part) => `api/src/${part}`);
/** What starts a request or a run in the API: nothing below them imports them. */
const API_ENTRIES = api('endpoint', 'actions', 'jobs', 'cli', 'migrations', 'app.ts', 'server.ts', 'main.ts');
/** Development-only code (sandboxes, database builders): never part of what the product's own code imports. */
const DEV_ONLY = ['devkit', 'e2e', 'bench', 'scripts'];

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
      // TypeScript's own resolution: `./x.js` finds x.ts, a workspace package its source (the `source` condition), so
      // the layer and cycle rules below see every import.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['source', 'types', 'import', 'require', 'default'],
        }),
      ],
      'import-x/internal-regex': '^@klinik/',
      // TypeScript files are modules too: no-cycle parses each import it follows with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
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

  // The linter's two programs (see the top of this file). A file outside both (a new workspace) falls back to the
  // project service above.
  {
    files: ['{ui,shell,mf-*}/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.lint-frontend.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['{core,devkit}/src/**/*.{ts,mts,cts}', 'api/{src,test}/**/*.{ts,mts,cts}'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.lint-node.json'], tsconfigRootDir: import.meta.dirname } },
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
  // fallback appeared, however soon its code comes (docs/decisions/0022-parts-on-demand-instead-of-react-lazy.md).
  // The shell's pages, layouts and remote pages wait the same way (App.tsx, RemotePage.tsx).
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

  // An action's policy lives on its declaration (docs/decisions/0032-policy-on-the-contract.md): one that anyone may
  // call declares its rate limit, one an administrator may call its audit. The types refuse both too, and the API's
  // start refuses them; the linter says it where the declaration is written.
  {
    files: ['core/src/actions/**/*.ts'],
    // policy.test.ts declares such actions on purpose, to prove the types refuse them.
    ignores: ['core/src/actions/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='defineAction'] > ObjectExpression:has(Property[key.name='access'] Literal[value='public']):not(:has(Property[key.name='rateLimit']))",
          message: 'An action anyone may call declares its rateLimit (per caller address): see docs/architecture.md, \'How to add an action\'.',
        },
        {
          selector:
            "CallExpression[callee.name='defineAction'] > ObjectExpression:has(Property[key.name='access'] Literal[value='superadmin']):not(:has(Property[key.name='audit']))",
          message: 'An action an administrator may call declares its audit (which input names the company): see docs/architecture.md, \'How to add an action\'.',
        },
      ],
    },
  },

  // Layers the code keeps (docs/decisions/0037-layers-kept-by-the-linter-and-routes-declared-by-remotes.md).
  // The API: an endpoint or a job calls
  // actions, actions call the domain, the domain reads and writes through data (the caller-scoped access) onto
  // models; a lower layer never imports a higher one. Adapters (mail, SMS, payments, accounting, drive, blobs)
  // sit below the domain, which sees them only through their interface (`index.ts`, `provider.ts`; the mail
  // adapter's messages), so a concrete provider or its sandbox can change without the domain knowing. The
  // frontends: a remote imports only @klinik/core and @klinik/ui (never the shell, another remote or the API), ui
  // only core, core nothing of ours; the shell reads a remote's route table (`src/routes.ts`, data only) and
  // nothing else of it: its pages come through federation.
  {
    files: ['{api,core,ui,shell,devkit,mf-*}/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: 'api/src/actions', from: api('endpoint', 'app.ts', 'server.ts', 'main.ts'), message: 'Actions are below the endpoint.' },
            { target: 'api/src/domain', from: API_ENTRIES, message: 'The domain is below actions, endpoints and jobs: pass what it needs in.' },
            { target: 'api/src/data', from: [...API_ENTRIES, ...api('domain', 'adapters')], message: 'Data access is below the domain.' },
            { target: 'api/src/models', from: [...API_ENTRIES, ...api('domain', 'data', 'adapters', 'context.ts')], message: 'Models import no layer above them.' },
            { target: 'api/src/adapters', from: [...API_ENTRIES, ...api('domain', 'data')], message: 'Adapters are below the domain: the domain calls them, not the other way.' },
            {
              target: 'api/src/domain/**',
              from: ['api/src/adapters/**'],
              // merchant.ts: the interface of a clinic's own payment account (booking payments), beside the platform's provider.ts.
              except: ['api/src/adapters/*/index.ts', 'api/src/adapters/*/provider.ts', 'api/src/adapters/*/merchant.ts', 'api/src/adapters/mail/*.ts'].map((glob) => path.join(import.meta.dirname, glob)),
              message: "The domain reaches an adapter through its interface (its index.ts, provider.ts or payments/merchant.ts), not a concrete provider.",
            },
            { target: 'api/src', from: DEV_ONLY, message: 'The API does not ship development-only code.' },
            ...REMOTES.map((remote) => ({
              target: `${remote}/src`,
              from: ['api', 'shell', ...DEV_ONLY, ...REMOTES.filter((other) => other !== remote)],
              message: 'A remote imports only @klinik/core and @klinik/ui: the shell hands it the rest (ShellServices).',
            })),
            { target: 'ui/src', from: ['api', 'shell', ...DEV_ONLY, ...REMOTES], message: '@klinik/ui imports only @klinik/core.' },
            { target: 'core/src', from: ['api', 'ui', 'shell', ...DEV_ONLY, ...REMOTES], message: '@klinik/core imports nothing of the other packages.' },
            { target: 'shell/src', from: ['api', ...DEV_ONLY], message: 'The shell talks to the API through @klinik/core/client.' },
            ...REMOTES.map((remote) => ({
              target: 'shell/src',
              from: remote,
              except: ['./src/routes.ts'],
              message: "The shell reads a remote's route table only; its pages come through federation.",
            })),
          ],
        },
      ],
      // An import cycle makes the order modules run in depend on which one is imported first. Within our own code only
      // (packages are not followed); a cycle longer than ten modules would be a design of its own to undo.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 10 }],
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
