/**
 * The host's first load, announced (docs/performance.md, 'The first page on a slow phone'): after emitting, the
 * files of the app's first page (entry, start-up chunk, shared singletons, and the chunk groups `extraGroups`: the
 * layout, the remote loader, the API client's ky) are
 *
 * - preloaded by the host's document (`html`): one round trip for all of them instead of a chain of lazy imports,
 *   each found only after the one before has run on a slow phone's CPU;
 * - listed in `list` (JSON), which the sign-in page prefetches while idle (createPrerenderedPageConfigs).
 *
 * In that order: the entry, then the code of the first API calls (`first`: chunk groups, and the files of shared
 * modules those calls import), then the rest. A slow line brings files in about the order they are asked for, and
 * those calls wait for nothing else: on a slow phone's first visit they went out after React and the layout had
 * arrived, 2.1–2.5 s in, only to be answered after the page's code.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkGroupFiles, entrypointFiles, filesOfShared, hostFirstLoadFiles } from './budget-plugin.mjs';

export class FirstLoadPlugin {
  /**
   * @param {{ html: string, list: string, initialGroups: string[], initialShared: string[], extraGroups: string[],
   *   first?: { groups: string[], shared: string[] } }} options
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('FirstLoadPlugin', (compilation) => {
      const { html, list, initialGroups, initialShared, extraGroups, first = { groups: [], shared: [] } } = this.options;
      const outputPath = compilation.outputOptions.path;
      const groupFiles = (name) => chunkGroupFiles(compilation, name, 'FirstLoadPlugin');
      const firstFiles = [...first.groups.flatMap(groupFiles), ...first.shared.flatMap((name) => filesOfShared(compilation, name, 'FirstLoadPlugin'))];
      const scripts = [
        ...new Set([...entrypointFiles(compilation), ...firstFiles, ...hostFirstLoadFiles(compilation, initialGroups, initialShared), ...extraGroups.flatMap(groupFiles)]),
      ].filter((file) => file.endsWith('.js'));
      writeFileSync(path.join(outputPath, list), JSON.stringify(scripts));
      const document = path.join(outputPath, html);
      const page = readFileSync(document, 'utf8');
      const links = scripts
        .filter((file) => !page.includes(`src="/${file}"`))
        .map((file) => `<link rel="preload" as="script" href="/${file}">`)
        .join('');
      writeFileSync(document, page.replace('</head>', `${links}</head>`));
    });
  }
}
