/**
 * Fails a build that imports a name a shared subset does not hold.
 *
 * Two shared singletons are a subset of their package: every module's build aliases 'react-router-dom' to
 * react-router-dom.mjs and '@fluentui/tokens' to fluent-tokens.mjs, so the shared module holds only the names the
 * modules use. Rspack does not check an import of a shared module against what it exports (the module is consumed
 * through the share scope, whose exports it does not know), so an import of a name left out compiled and was
 * `undefined` at run time, also through Fluent's index files, which re-export the tokens by name
 * ('@fluentui/react-components' → '@fluentui/react-theme' → '@fluentui/tokens').
 *
 * This plugin reads each subset's exported names from its file, follows the named re-exports of a package's ES entry
 * (lib/index.js) to the subset they come from, and reports every imported name that ends in a subset without being
 * in it: in the modules' own code and in their dependencies (a Fluent component importing a token helper). A
 * package's own index re-exporting a name nobody imports is not reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import rspack from '@rspack/core';
import { root } from './paths.mjs';

/** The names a module's `export { a, b as c } from '…'`, `export function x` and `export const y` statements give. */
export function exportedNames(source) {
  const names = new Set();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list.split(',')) {
      const name = item.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  for (const [, name] of source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/g)) names.add(name);
  return names;
}

/** The named re-exports of an ES module: exported name → [request it comes from, its name there]. */
export function reexports(source) {
  const map = new Map();
  for (const [, list, request] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const item of list.split(',')) {
      const [local, exported = local] = item.trim().split(/\s+as\s+/).map((part) => part.trim());
      if (local) map.set(exported, [request, local]);
    }
  }
  return map;
}

export class SharedSubsetPlugin {
  /** @param {Record<string, string>} subsets package name → the file that is its shared subset */
  constructor(subsets) {
    this.subsets = new Map(Object.entries(subsets).map(([name, file]) => [name, exportedNames(readFileSync(file, 'utf8'))]));
    this.subsetFiles = new Set(Object.values(subsets).map((file) => path.resolve(file)));
    /** package name → its re-export map (null: not a package whose ES entry can be read) */
    this.packages = new Map();
  }

  /** The subset and the name there that `name` imported from `request` ends in, or null. */
  origin(request, name, seen = new Set()) {
    if (this.subsets.has(request)) return { subset: request, name };
    if (!/^(@[^/]+\/)?[^./][^/]*$/.test(request) || seen.has(request)) return null; // a package's main entry only
    seen.add(request);
    if (!this.packages.has(request)) {
      const entry = path.join(root, 'node_modules', request, 'lib', 'index.js');
      this.packages.set(request, existsSync(entry) ? reexports(readFileSync(entry, 'utf8')) : null);
    }
    const via = this.packages.get(request)?.get(name);
    return via ? this.origin(via[0], via[1], seen) : null;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('SharedSubsetPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SharedSubsetPlugin', (modules) => {
        const missing = new Map();
        for (const module of modules) {
          const resource = module.nameForCondition?.();
          if (!resource || this.subsetFiles.has(path.resolve(resource))) continue;
          const inPackage = /[\\/]node_modules[\\/]/.test(resource);
          const visit = (dependencies) => {
            for (const dependency of dependencies) {
              // A package's index re-exporting a name is not a use of it; an import in any module is.
              if (dependency.type !== 'esm import specifier' && !(dependency.type === 'esm export import specifier' && !inPackage)) continue;
              const name = dependency.ids?.[0];
              if (!dependency.request || !name || name === 'default') continue;
              const found = this.origin(dependency.request, name);
              if (found && !this.subsets.get(found.subset).has(found.name)) {
                const key = `'${found.name}' of ${found.subset}`;
                if (!missing.has(key)) missing.set(key, path.relative(root, resource));
              }
            }
          };
          visit(module.dependencies);
          const blocks = [...module.blocks];
          while (blocks.length > 0) {
            const block = blocks.pop();
            visit(block.dependencies);
            blocks.push(...block.blocks);
          }
        }
        for (const [key, where] of missing) {
          compilation.errors.push(
            new rspack.WebpackError(`${key} is not in the shared subset (imported by ${where}); add it to the subset's file in tools/rspack/ (shared-subset-plugin.mjs)`),
          );
        }
      });
    });
  }
}
