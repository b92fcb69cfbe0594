/** The build refuses an import of a name a shared subset does not hold (tools/rspack/shared-subset-plugin.mjs). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import rspack from '@rspack/core';
import { SharedSubsetPlugin, exportedNames } from '../tools/rspack/shared-subset-plugin.mjs';
import { root } from '../tools/rspack/paths.mjs';

const folder = mkdtempSync(path.join(os.tmpdir(), 'klinik-subset-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Compiles `app` (the entry's source) with 'kit' a shared singleton aliased to a subset holding only `held` of
 * kit-full.mjs, as module-config.mjs shares the router and the tokens; Rspack itself then checks no import of it.
 */
function compile(app, { check = true } = {}) {
  writeFileSync(path.join(folder, 'kit-full.mjs'), 'export const held = 1;\nexport const leftOut = 2;\n');
  writeFileSync(path.join(folder, 'kit.mjs'), "export { held } from './kit-full.mjs';\n");
  writeFileSync(path.join(folder, 'app.mjs'), app);
  const subsets = { kit: path.join(folder, 'kit.mjs') };
  const compiler = rspack({
    mode: 'production',
    context: folder,
    entry: './app.mjs',
    output: { path: path.join(folder, 'dist') },
    resolve: { alias: { kit$: subsets.kit } },
    plugins: [
      ...(check ? [new SharedSubsetPlugin(subsets)] : []),
      new rspack.sharing.SharePlugin({ shared: { kit: { singleton: true, version: '1.0.0', requiredVersion: '^1.0.0' } } }),
    ],
    stats: 'none',
  });
  return new Promise((resolve, reject) => compiler.run((error, stats) => (error ? reject(error) : compiler.close(() => resolve(stats.toJson({ all: false, errors: true }).errors.map((e) => e.message))))));
}

describe('SharedSubsetPlugin', () => {
  it('passes imports of names the subset holds', async () => {
    expect(await compile("import { held } from 'kit';\nconsole.log(held);\n")).toEqual([]);
  });

  it('fails an import, or a re-export, of a name the subset leaves out', async () => {
    const errors = await compile("import { held, leftOut } from 'kit';\nconsole.log(held, leftOut);\nexport { leftOut as again } from 'kit';\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'leftOut' of kit is not in the shared subset (imported by");
    expect(errors[0]).toContain('app.mjs');
  });

  it('is what catches it: without the plugin the build passes', async () => {
    expect(await compile("import { leftOut } from 'kit';\nconsole.log(leftOut);\n", { check: false })).toEqual([]);
  });

  it("follows Fluent's index files to the tokens and reads what the real subsets hold", () => {
    const plugin = new SharedSubsetPlugin({
      '@fluentui/tokens': path.join(root, 'tools', 'rspack', 'fluent-tokens.mjs'),
      'react-router-dom': path.join(root, 'tools', 'rspack', 'react-router-dom.mjs'),
    });
    expect(plugin.origin('@fluentui/react-components', 'webDarkTheme')).toEqual({ subset: '@fluentui/tokens', name: 'webDarkTheme' });
    expect(plugin.origin('@fluentui/react-theme', 'tokens')).toEqual({ subset: '@fluentui/tokens', name: 'tokens' });
    expect(plugin.origin('@fluentui/react-components', 'Button')).toBeNull();
    expect([...plugin.subsets.get('@fluentui/tokens')].sort()).toEqual(['createLightTheme', 'tokens', 'typographyStyles']);
    expect(plugin.subsets.get('react-router-dom')).toContain('useNavigate');
  });

  it('reads export lists, renames and declarations', () => {
    expect([...exportedNames("export { a, b as c } from 'x';\nexport function d() {}\nexport const e = 1;\nexport { f };")].sort()).toEqual(['a', 'c', 'd', 'e', 'f']);
  });
});
