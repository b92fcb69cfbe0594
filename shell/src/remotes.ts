/**
 * Remotes are registered at runtime from the manifest URLs in config.json and loaded on first use of a route.
 * A failed load is not cached: `retry` registers the remote again so the next attempt fetches it anew.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemotePageProps } from '@klinik/core/rules';
import type { RemoteName, RuntimeConfig } from './config';

let manifests: Record<RemoteName, string> | null = null;
/** Remotes whose last load failed: their next load registers them again instead of reusing the failure. */
const failed = new Set<RemoteName>();

export function registerAllRemotes(config: RuntimeConfig): void {
  manifests = config.remotes;
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
}

export async function loadRemotePage(remote: RemoteName, expose: string, retry: boolean): Promise<{ default: ComponentType<RemotePageProps> }> {
  if (!manifests) throw new Error('Remotes are not registered');
  if (retry || failed.has(remote)) registerRemotes([{ name: remote, entry: manifests[remote] }], { force: true });
  try {
    const module = await loadRemote<{ default: ComponentType<RemotePageProps> }>(`${remote}/${expose}`);
    if (!module?.default) throw new Error(`${remote}/${expose} har ingen side`);
    failed.delete(remote);
    return module;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
}
