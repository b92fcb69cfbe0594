/**
 * Size budgets enforced in the build (ARCHITECTURE.md): gzip sizes of what a browser must fetch. A module over
 * budget fails its build. What counts is read from the federation manifest, which lists the files of each
 * exposed module and of each shared singleton:
 *
 * - remote: its remoteEntry (remoteEntry.<hash>.js) plus the chunks of each exposed module's chunk group, which hold no shared singleton
 *   ("each remote's entry and first route beyond the shared singletons"); the end-to-end budget test measures
 *   the same in Chromium;
 * - host: the entry, the named chunk groups of the first page (bootstrap, login) and the files of the shared
 *   singletons the first page consumes ("the shell's initial JavaScript including React").
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
        const files = hostFirstLoadFiles(compilation, manifest, this.options.initialGroups ?? [], this.options.initialShared ?? []);
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
 * The host's first load: its entry, the named chunk groups `initialGroups` and the files of the shared singletons
 * `initialShared`. The manifest lists a package's files under each of its shared entry points (the full core's files
 * appear under @klinik/core/rules too), so the files of singletons loaded later are taken out again. Missing names
 * are errors of the compilation.
 */
export function hostFirstLoadFiles(compilation, manifest, initialGroups, initialShared) {
  const sharedFiles = new Map(manifest.shared.map((shared) => [shared.name, shared.assets.js.sync]));
  const files = [...entrypointFiles(compilation), ...initialGroups.flatMap((name) => chunkGroupFiles(compilation, name, 'GzipBudgetPlugin'))];
  const later = new Set([...sharedFiles.keys()].filter((name) => !initialShared.includes(name)));
  const laterOnly = new Set([...later].flatMap((name) => sharedFiles.get(name) ?? []));
  for (const name of initialShared) {
    const shared = sharedFiles.get(name);
    if (!shared) compilation.errors.push(new Error(`GzipBudgetPlugin: ${name} is not shared`));
    else files.push(...shared.filter((file) => !laterOnly.has(file)));
  }
  return [...new Set(files)];
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
