/**
 * Size budgets enforced in the build (docs/decisions/0024-gzip-budgets-and-shared-subsets.md): gzip sizes of what a
 * browser must fetch. A module over budget fails its build. What counts is read from the compilation (the federation
 * manifest only names a remote's exposed modules and its entry file):
 *
 * - remote: its remoteEntry (remoteEntry.<hash>.js) plus the chunks of each exposed module's chunk group, which hold no shared singleton
 *   ("each remote's entry and first route beyond the shared singletons"); the end-to-end budget test measures
 *   the same in Chromium;
 * - host: the entry, the named chunk groups of the first page (bootstrap) and the files the share scope loads for
 *   the shared singletons the first page consumes ("the shell's initial JavaScript including React"), read from
 *   the compilation rather than the manifest (`hostFirstLoadFiles`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

export class GzipBudgetPlugin {
  /**
   * @param {{
   *   kind: 'host' | 'remote' | 'standalone',
   *   limitKb: number,
   *   initialGroups?: string[],
   *   initialShared?: string[], // host: shared singletons the first page loads
   *   report?: (line: string) => void,
   * }} options
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('GzipBudgetPlugin', (compilation) => {
      const { kind, limitKb } = this.options;
      const report = this.options.report ?? ((line) => console.log(line));
      const outputPath = compilation.outputOptions.path;
      const sizeOf = (file) => (file.endsWith('.js') ? gzipSync(readFileSync(path.join(outputPath, file))).length : 0);
      const total = (files) => [...new Set(files)].reduce((sum, file) => sum + sizeOf(file), 0);
      if (kind === 'standalone') {
        // Everything the page can load: its entry and every chunk it may fetch later.
        const files = compilation.getAssets().map((asset) => asset.name).filter((name) => name.endsWith('.js'));
        const bytes = total(files);
        const line = `${compiler.options.name ?? 'page'}: all JavaScript ${(bytes / KB).toFixed(1)} KB gzip (budget ${limitKb} KB)`;
        if (bytes > limitKb * KB) compilation.errors.push(new Error(`Size budget exceeded: ${line}`));
        else report(line);
        return;
      }
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(path.join(outputPath, 'mf-manifest.json'), 'utf8'));
      } catch {
        compilation.errors.push(new Error('GzipBudgetPlugin: mf-manifest.json is missing'));
        return;
      }
      const measured = [];
      if (kind === 'remote') {
        // The chunk group of an exposed module is what the browser must fetch before the page runs: its own code
        // and every chunk it shares with others, including chunks the manifest files under a shared package
        // because they also hold a piece of one (Fluent's utilities beside react-tabster, say). Shared
        // singletons themselves live in chunks outside the group and come from the host.
        for (const expose of manifest.exposes) {
          const group = compilation.namedChunkGroups.get(`__federation_expose_${expose.name.replace(/^\.\//, '')}`);
          if (!group) {
            compilation.errors.push(new Error(`GzipBudgetPlugin: no chunk group for the exposed ${expose.name}`));
            continue;
          }
          // The entry's file name carries its content hash; the manifest names it.
          const files = [manifest.metaData.remoteEntry.name, ...group.chunks.flatMap((chunk) => [...chunk.files])];
          measured.push([`entry + ${expose.name}`, total(files)]);
        }
      } else {
        const files = hostFirstLoadFiles(compilation, this.options.initialGroups ?? [], this.options.initialShared ?? []);
        measured.push(['initial JavaScript (incl. shared singletons)', total(files)]);
      }
      for (const [label, bytes] of measured) {
        const line = `${compiler.options.name ?? 'module'}: ${label} ${(bytes / KB).toFixed(1)} KB gzip (budget ${limitKb} KB)`;
        if (bytes > limitKb * KB) compilation.errors.push(new Error(`Size budget exceeded: ${line}`));
        else report(line);
      }
    });
  }
}

/**
 * The host's first load: its entry, the named chunk groups `initialGroups` and the files the share scope loads for
 * the shared singletons `initialShared` (`filesOfShared`). Missing names are errors of the compilation.
 *
 * (The federation manifest's list of a shared module's files is not used: it names every file that holds a piece
 * of the package, which since the first-load singletons share one file (module-config.mjs `firstLoadVendorsGroup`)
 * includes that file under singletons the first page does not load, such as `react-dom` beside `react-dom/client`.)
 */
export function hostFirstLoadFiles(compilation, initialGroups, initialShared) {
  const files = [...entrypointFiles(compilation), ...initialGroups.flatMap((name) => chunkGroupFiles(compilation, name, 'GzipBudgetPlugin'))];
  for (const name of initialShared) files.push(...filesOfShared(compilation, name, 'GzipBudgetPlugin'));
  return [...new Set(files)];
}

/**
 * The files the share scope loads for the shared module `name` that this build provides (the chunk group of its
 * provide module's lazy part); an error of the compilation, named for `plugin`, if the build provides no such module.
 */
export function filesOfShared(compilation, name, plugin) {
  const files = [];
  for (const module of compilation.modules) {
    if (!module.identifier().startsWith(`provide shared module (default) ${name}@`)) continue;
    for (const block of module.blocks ?? []) for (const chunk of compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) files.push(...chunk.files);
  }
  if (files.length === 0) compilation.errors.push(new Error(`${plugin}: this build provides no shared ${name}`));
  return files;
}

/** The files of the compilation's entry points (a host's entry and its start-up chunks). */
export function entrypointFiles(compilation) {
  return [...compilation.entrypoints.values()].flatMap((entry) => entry.chunks.flatMap((chunk) => [...chunk.files]));
}

/** The files of the named chunk group `name`; a missing one is an error of the compilation, named for `plugin`. */
export function chunkGroupFiles(compilation, name, plugin) {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) compilation.errors.push(new Error(`${plugin}: no chunk group named ${name}`));
  return group ? group.chunks.flatMap((chunk) => [...chunk.files]) : [];
}
