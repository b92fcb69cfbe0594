/**
 * The host's first load, announced (docs/architecture.md, 'The sign-in page is prerendered'): after emitting, the
 * files of the app's first page (entry, start-up chunk, shared singletons, and the chunk groups `extraGroups`: the
 * layout, the remote loader, the API client's ky) are
 *
 * - preloaded by the host's document (`html`): one round trip for all of them instead of a chain of lazy imports,
 *   each found only after the one before has run on a slow phone's CPU;
 * - listed in `list` (JSON), which the sign-in page prefetches while idle (createPrerenderedPageConfigs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostFirstLoadFiles } from './budget-plugin.mjs';

export class FirstLoadPlugin {
  /** @param {{ html: string, list: string, initialGroups: string[], initialShared: string[], extraGroups: string[] }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('FirstLoadPlugin', (compilation) => {
      const { html, list, initialGroups, initialShared, extraGroups } = this.options;
      const outputPath = compilation.outputOptions.path;
      const manifest = JSON.parse(readFileSync(path.join(outputPath, 'mf-manifest.json'), 'utf8'));
      const extra = extraGroups.flatMap((name) => {
        const group = compilation.namedChunkGroups.get(name);
        if (!group) compilation.errors.push(new Error(`FirstLoadPlugin: no chunk group named ${name}`));
        return group ? group.chunks.flatMap((chunk) => [...chunk.files]) : [];
      });
      const scripts = [...new Set([...hostFirstLoadFiles(compilation, manifest, initialGroups, initialShared), ...extra])].filter((file) => file.endsWith('.js'));
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
