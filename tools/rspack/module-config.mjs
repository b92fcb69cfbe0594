/**
 * One Rspack configuration for every frontend module: the shell (host) and the six remotes. A module's own
 * rspack.config.mjs states only what is its own: name, exposes, extra entries, budget.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { GzipBudgetPlugin } from './budget-plugin.mjs';
import { FirstLoadPlugin } from './first-load-plugin.mjs';
import { lightThemeData } from './fluent-light-theme.mjs';
import { SharedSubsetPlugin } from './shared-subset-plugin.mjs';
import { root } from './paths.mjs';
import { SHARED } from './shared.mjs';

/** The federation runtime's CommonJS entries that Rspack's federation plugin imports by absolute path. */
const FEDERATION_RUNTIME_AS_ESM = /@module-federation[\\/](webpack-bundler-runtime|inject-external-runtime-core-plugin)[\\/]dist[\\/]index\.cjs$/;
const federationRuntimeEsm = path.join(root, 'node_modules', '@module-federation', 'runtime', 'dist', 'index.js');

const coreSrc = path.join(root, 'core', 'src');

/** The shared singletons that are a subset of their package: every module's build aliases the package to the file. */
const SHARED_SUBSETS = {
  'react-router-dom': path.join(root, 'tools', 'rspack', 'react-router-dom.mjs'),
  '@fluentui/tokens': path.join(root, 'tools', 'rspack', 'fluent-tokens.mjs'),
};

/**
 * @param {{
 *   dir: string,                      // the module folder
 *   name: string,                     // federation name, e.g. 'mf_calendar'
 *   kind: 'host' | 'remote',
 *   exposes?: Record<string, string>, // remotes: './Calendar' → './src/routes/Calendar/index.tsx'
 *   pages?: Record<string, { entry: string, template: string, filename: string }>, // standalone HTML pages
 *   budgetKb: number,
 *   initialGroups?: string[],         // host: named chunk groups loaded for the first page
 *   initialShared?: string[],         // host: shared singletons the first page loads
 *   appFiles?: { file: string, extraGroups: string[], first?: { groups: string[], shared: string[] } },
 *                                     // host: preload its first load (and these groups; `first` right after the entry) and list it in `file` (first-load-plugin.mjs)
 *   html?: string,                    // host: the file name of its document (default index.html)
 *   keepOutput?: RegExp,              // files in dist/ another build of the module writes
 *   asyncSplitMinBytes?: number,      // the smallest shared async chunk split out (default: Rspack's 20 000)
 *   copy?: { from: string, to: string }[], // files shipped as they are (mf-commerce's video guides)
 * }} options
 */
export function createModuleConfig(options) {
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development' && process.env.NODE_ENV !== 'development';
    const pages = options.pages ?? {};
    const entry = options.kind === 'host' ? { main: './src/index.ts' } : Object.fromEntries(Object.entries(pages).map(([name, page]) => [name, page.entry]));
    return {
      name: options.name,
      context: options.dir,
      mode: production ? 'production' : 'development',
      // Evergreen browsers only (the last two versions of Chrome, Edge, Firefox and Safari all run ES2022):
      // no down-levelling, and the minifier may use modern syntax.
      target: ['web', 'es2022'],
      // Development source maps without eval: the pages' Content-Security-Policy (scripts/static.mjs) allows no
      // 'unsafe-eval', and `npm run dev` serves them with it, as production does.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      entry,
      output: {
        path: path.join(options.dir, 'dist'),
        // Remotes find their chunks relative to their own remoteEntry; the shell is served at the root of
        // its origin, and its index.html answers every deep link, so its scripts need absolute paths.
        publicPath: options.kind === 'host' ? '/' : 'auto',
        uniqueName: options.name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        // A module with a standalone page beside it keeps that page's folder when it cleans.
        clean: options.keepOutput ? { keep: options.keepOutput } : true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // The shared core is compiled from source with the module, so there is no separate core build step.
        alias: {
          '@klinik/core$': path.join(coreSrc, 'index.ts'),
          '@klinik/core/rules$': path.join(coreSrc, 'rules.ts'),
          '@klinik/core/time$': path.join(coreSrc, 'time.ts'),
          '@klinik/core/messages$': path.join(coreSrc, 'messages-scheduling.ts'),
          '@klinik/core/records$': path.join(coreSrc, 'client-records.ts'),
          '@klinik/core/commerce$': path.join(coreSrc, 'commerce.ts'),
          '@klinik/core/invoice-pdf$': path.join(coreSrc, 'invoice-pdf.ts'),
          '@klinik/core/client$': path.join(coreSrc, 'client.ts'),
          '@klinik/ui$': path.join(root, 'ui', 'src', 'index.ts'),
          '@klinik/ui': path.join(root, 'ui', 'src'),
          // The shared router and tokens are the subsets the modules use (react-router-dom.mjs, fluent-tokens.mjs).
          ...Object.fromEntries(Object.entries(SHARED_SUBSETS).map(([name, file]) => [`${name}$`, file])),
          // The federation runtime as ES modules (see FEDERATION_RUNTIME_AS_ESM below).
          '@module-federation/runtime': federationRuntimeEsm,
        },
      },
      module: {
        // An import of a name a module does not export is an error, not a warning (of a shared subset's name, which
        // Rspack does not check: SharedSubsetPlugin below).
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          // Fluent's index files re-export every theme of @fluentui/tokens by name; the shared tokens hold only the
          // names the modules import (fluent-tokens.mjs), and an import of another name still fails the build
          // (SharedSubsetPlugin).
          { test: /[\\/]node_modules[\\/]@fluentui[\\/]/, parser: { reexportExportsPresence: false } },
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset' },
        ],
      },
      experiments: { css: true },
      optimization: {
        minimize: production,
        minimizer: [new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { ecma: 2022, compress: { passes: 2, ecma: 2022 }, mangle: true } }), new rspack.LightningCssMinimizerRspackPlugin()],
        // Vendor code in its own long-cached chunks; the federation runtime decides what loads when.
        splitChunks: {
          chunks: 'async',
          ...(options.asyncSplitMinBytes ? { minSize: options.asyncSplitMinBytes } : {}),
          ...(options.kind === 'host' && options.initialShared?.length ? { cacheGroups: { firstLoadVendors: firstLoadVendorsGroup(options.initialShared) } } : {}),
        },
      },
      performance: false,
      plugins: [
        // The federation runtime as ES modules rather than CommonJS: Rspack's federation plugin names the CommonJS
        // builds (Node's require.resolve), which cannot be tree-shaken, so every module carried all of
        // @module-federation/sdk (manifest tools, loggers, Node helpers) beside the few functions the browser uses.
        new rspack.NormalModuleReplacementPlugin(FEDERATION_RUNTIME_AS_ESM, (resource) => {
          resource.request = resource.request.replace(/\.cjs$/, '.js');
        }),
        // An import of a name a shared subset does not hold fails the build (it would be undefined at run time).
        new SharedSubsetPlugin(SHARED_SUBSETS),
        new ModuleFederationPlugin({
          name: options.name,
          // Named by its content, as every other file: the manifest (never cached) names it, so the entry itself is
          // cached for good and a second visit does not wait for its revalidation.
          filename: options.kind === 'remote' ? (production ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js') : undefined,
          exposes: options.exposes,
          shared: SHARED,
          // A shared module is taken from the module that loaded it first (the shell's singletons), never by first
          // starting every registered remote to compare versions, which 'version-first' does whenever a share scope
          // starts after the remotes are registered: the shell registers them and preloads the opening page as soon
          // as it runs (src/index.ts), and under 'version-first' that fetched all six remotes' manifests and entries
          // on every load. The modules are built together from one lockfile, so there are no versions to compare.
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          dev: false,
          // The federation runtime ships once, with the host; remotes use it instead of bundling their own.
          experiments: options.kind === 'host' ? { provideExternalRuntime: true, optimization: { target: 'web' } } : { externalRuntime: true, optimization: { target: 'web' } },
        }),
        ...Object.entries(pages).map(
          ([name, page]) =>
            new rspack.HtmlRspackPlugin({ template: page.template, filename: page.filename, chunks: [name], inject: 'body', minify: production }),
        ),
        ...(options.kind === 'host'
          ? [new rspack.HtmlRspackPlugin({ template: `./public/${options.html ?? 'index.html'}`, filename: options.html ?? 'index.html', chunks: ['main'], minify: production })]
          : []),
        ...(options.copy?.length ? [new rspack.CopyRspackPlugin({ patterns: options.copy })] : []),
        definitions(production),
        ...(production && options.appFiles
          ? [new FirstLoadPlugin({ html: options.html ?? 'index.html', list: options.appFiles.file, initialGroups: options.initialGroups ?? [], initialShared: options.initialShared ?? [], extraGroups: options.appFiles.extraGroups, first: options.appFiles.first })]
          : []),
        ...(production ? [new GzipBudgetPlugin({ kind: options.kind, limitKb: options.budgetKb, initialGroups: options.initialGroups, initialShared: options.initialShared })] : []),
      ],
      stats: 'errors-warnings',
    };
  };
}

/** Fluent's light theme as data (fluent-light-theme.mjs), computed once per build process. */
let fluentLightTheme;

/** The constants every build's code is compiled with: React's mode, and the light theme fluent-tokens.mjs ships. */
function definitions(production) {
  fluentLightTheme ??= JSON.stringify(lightThemeData());
  return new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'), __FLUENT_LIGHT_THEME__: fluentLightTheme });
}

/**
 * The host's first-load singletons as one file, not one per package. Each shared package's fallback is
 * a chunk of its own, so the shell's first page was 29 files, and a browser asks one origin for at most six at a
 * time over HTTP/1.1: on the slow phone of the bench (150 ms a round trip) the last of them, the layout, was sent 1.5 s
 * after the document asked for it, while the line carried less than it could. The packages of `initialShared` and
 * their dependencies (read from their package.json files) are needed by every page the shell opens, so they are
 * grouped; a remote still takes each from the share scope as before. Over HTTP/2 the grouping costs nothing either.
 *
 * @param {string[]} initialShared shared module names ('react/jsx-runtime', '@fluentui/tokens', '@klinik/core/rules')
 */
export function firstLoadVendorsGroup(initialShared) {
  const packageOf = (request) => request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');
  const packages = new Set();
  const queue = initialShared.map(packageOf).filter((name) => !name.startsWith('@klinik/'));
  while (queue.length > 0) {
    const name = queue.shift();
    if (packages.has(name)) continue;
    const file = path.join(root, 'node_modules', name, 'package.json');
    if (!existsSync(file)) continue; // an optional dependency not installed here
    packages.add(name);
    queue.push(...Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {}));
  }
  const names = [...packages].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('/', '[\\\\/]'));
  return { name: 'first-load-vendors', test: new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`), chunks: 'all', enforce: true, priority: 20 };
}

/**
 * A page built on its own, without federation (React bundled): the public booking page for iframes. Its files go
 * to dist/<folder>/ beside the federated build.
 *
 * @param {{ dir: string, name: string, entry: string, template: string, folder: string, budgetKb: number, entryFile?: string }} options
 */
export function createStandaloneConfig(options) {
  return (_env, argv = {}) => {
    const base = createModuleConfig({ dir: options.dir, name: options.name, kind: 'remote', exposes: {}, budgetKb: options.budgetKb })(_env, argv);
    const production = base.mode === 'production';
    return {
      ...base,
      entry: { embed: options.entry },
      output: {
        ...base.output,
        path: path.join(options.dir, 'dist', options.folder),
        publicPath: 'auto',
        uniqueName: options.name,
        clean: true,
        // A stable entry name (never cached, scripts/static.mjs), which other documents can load.
        ...(options.entryFile ? { filename: options.entryFile } : {}),
      },
      optimization: { ...base.optimization, splitChunks: false },
      plugins: [
        new rspack.HtmlRspackPlugin({ template: options.template, filename: 'index.html', chunks: ['embed'], minify: production }),
        ...(options.copy?.length ? [new rspack.CopyRspackPlugin({ patterns: options.copy })] : []),
        definitions(production),
        ...(production ? [new GzipBudgetPlugin({ kind: 'standalone', limitKb: options.budgetKb })] : []),
      ],
    };
  };
}

/** After emitting: deletes the files in the output folder that `own` matches and this build did not write (nor their .gz/.br). */
class RemoveOlderFiles {
  constructor(own) {
    this.own = own;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('RemoveOlderFiles', (compilation) => {
      const written = new Set(compilation.getAssets().map((asset) => asset.name));
      const folder = compilation.outputOptions.path;
      for (const file of readdirSync(folder)) {
        if (this.own.test(file) && !written.has(file.replace(/\.(gz|br)$/, ''))) rmSync(path.join(folder, file), { force: true });
      }
    });
  }
}

/** CSS as it goes into a <style> element: comments and needless white space out. */
function inlineCss(file) {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .trim();
}

/**
 * A document of a module built without federation (React, if used, bundled), written into the module's dist/ after its
 * federated build (`after`), under `filename`; its scripts are `<name>.[hash].js` and `<name>-*.js` there. The shell
 * has two (docs/decisions/0023-prerendered-sign-in-and-a-standalone-booking-page.md): the sign-in page and the public
 * booking page.
 *
 * - `prerender` (optional): a module compiled for Node into build/prerender/<name>.cjs (React external) whose
 *   `render()` gives the page's markup at build time, for the browser to hydrate;
 * - the template receives `markup` (what render() gave, or ''), `css` (the file `css`, inlined, or '') and `appFiles`
 *   (the host's first-load files, read from `appFiles` in dist/, written by the federated build's FirstLoadPlugin).
 *
 * @param {{ dir: string, name: string, after: string, entry: string, template: string, filename: string,
 *   budgetKb: number, prerender?: string, css?: string, appFiles?: string }} options
 * @returns {(env: unknown, argv: { mode?: string }) => object[]}
 */
export function createPageConfigs(options) {
  return (_env, argv = {}) => {
    const base = createModuleConfig({ dir: options.dir, name: options.name, kind: 'remote', exposes: {}, budgetKb: options.budgetKb })(_env, argv);
    const production = base.mode === 'production';
    const define = definitions(production);
    const renderer = path.join(options.dir, 'build', 'prerender', `${options.name}.cjs`);
    const ownFile = new RegExp(`(^|[\\\\/])(${options.name}[.-][^\\\\/]*|${options.filename.replace('.', '\\.')}(\\.gz|\\.br)?)$`);
    const server = options.prerender && {
      ...base,
      name: `${options.name}_prerender`,
      target: 'node',
      devtool: false,
      entry: { [options.name]: options.prerender },
      output: { path: path.dirname(renderer), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: false },
      // The same React the browser hydrates with, from node_modules.
      externals: { react: 'react', 'react/jsx-runtime': 'react/jsx-runtime', 'react-dom/server': 'react-dom/server' },
      externalsType: 'commonjs',
      optimization: { minimize: false, splitChunks: false },
      plugins: [define],
      dependencies: [options.after],
    };
    const browser = {
      ...base,
      entry: { [options.name]: options.entry },
      output: {
        ...base.output,
        publicPath: '/',
        uniqueName: options.name,
        filename: production ? `${options.name}.[contenthash:8].js` : `${options.name}.js`,
        chunkFilename: production ? `${options.name}-[name].[contenthash:8].js` : `${options.name}-[name].js`,
        // The federated build of the module writes (and cleans) the rest of dist/; this one removes only its own
        // older files (RemoveOlderFiles: Rspack's clean with a keep function left them).
        clean: false,
      },
      optimization: { ...base.optimization, splitChunks: false },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: options.template,
          filename: options.filename,
          chunks: [options.name],
          inject: 'head',
          scriptLoading: 'defer',
          minify: production,
          templateParameters: async (params) => {
            // Imported afresh each time (a watch build renders again after a change).
            const markup = options.prerender ? (await import(`${pathToFileURL(renderer).href}?at=${Date.now()}`)).default.render() : '';
            // Written by the production build's FirstLoadPlugin; a development build prefetches nothing.
            const listed = options.appFiles && path.join(base.output.path, options.appFiles);
            const appFiles = listed && existsSync(listed) ? JSON.parse(readFileSync(listed, 'utf8')) : [];
            const css = options.css ? inlineCss(path.join(options.dir, options.css)) : '';
            return { ...params, markup, css, appFiles: appFiles.map((file) => `/${file}`).join(' ') };
          },
        }),
        define,
        new RemoveOlderFiles(ownFile),
        ...(production ? [new GzipBudgetPlugin({ kind: 'standalone', limitKb: options.budgetKb })] : []),
      ],
      dependencies: [server ? server.name : options.after],
    };
    return server ? [server, browser] : [browser];
  };
}
