/**
 * Remotes are registered at runtime from the manifest URLs in config.json and loaded on first use of a route.
 * A failed load is not cached: `retry` registers the remote again so the next attempt fetches it anew.
 */
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemotePageProps } from '@klinik/core/rules';
import { ADMIN_REMOTE_ROUTES, MAIN_REMOTE_ROUTES, PUBLIC_REMOTE_ROUTES, exactPath, openingRoute } from './app/routes';
import type { RemoteName, RuntimeConfig } from './config';

let manifests: Record<RemoteName, string> | null = null;
/** Remotes whose last load failed: their next load registers them again instead of reusing the failure. */
const failed = new Set<RemoteName>();

/** Registers the remotes of config.json once (index.ts does it as the config arrives, bootstrap.tsx again). */
export function registerAllRemotes(config: RuntimeConfig): void {
  if (manifests === config.remotes) return;
  manifests = config.remotes;
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
}

/** Remote pages whose code has arrived, by `remote/expose`: RemotePage renders these without suspending. */
const loadedPages = new Map<string, ComponentType<RemotePageProps>>();

/** The page's component if its code has arrived (bootstrap.tsx asks for the opening page's early), else null. */
export function loadedRemotePage(remote: RemoteName, expose: string): ComponentType<RemotePageProps> | null {
  return loadedPages.get(`${remote}/${expose}`) ?? null;
}

/** Loads of remote pages under way, by `remote/expose` (the opening page's, which bootstrap.tsx starts before the render). */
const pendingPages = new Map<string, Promise<unknown>>();

/**
 * The load of the page's code if one is under way, else null: RemotePage and RemoteDialogHost wait for it by state
 * rather than by suspending (components/useRemoteCode.ts). Settles when the load does, never rejects (the caller reads
 * the outcome from `loadedRemotePage`).
 */
export function pendingRemotePage(remote: RemoteName, expose: string): Promise<unknown> | null {
  return pendingPages.get(`${remote}/${expose}`) ?? null;
}

export function loadRemotePage(remote: RemoteName, expose: string, retry: boolean): Promise<{ default: ComponentType<RemotePageProps> }> {
  const key = `${remote}/${expose}`;
  const loading = loadPage(remote, expose, retry);
  const settled = loading.then(
    () => undefined,
    () => undefined,
  );
  pendingPages.set(key, settled);
  void settled.then(() => {
    if (pendingPages.get(key) === settled) pendingPages.delete(key);
  });
  return loading;
}

async function loadPage(remote: RemoteName, expose: string, retry: boolean): Promise<{ default: ComponentType<RemotePageProps> }> {
  if (!manifests) throw new Error('Remotes are not registered');
  if (retry || failed.has(remote)) registerRemotes([{ name: remote, entry: manifests[remote] }], { force: true });
  try {
    const module = await loadRemote<{ default: ComponentType<RemotePageProps> }>(`${remote}/${expose}`);
    if (!module?.default) throw new Error(`${remote}/${expose} har ingen side`);
    failed.delete(remote);
    loadedPages.set(`${remote}/${expose}`, module.default);
    return module;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
}

/**
 * The code of the page the app opens on, asked for as soon as config.json has arrived (index.ts), while the shell's
 * own code still downloads: the remote's manifest, its remoteEntry and the page's own files (the federation runtime's
 * preload: link preloads, from the manifest's list of the page's synchronous files). Before, they were asked for only
 * once the shell's code had all arrived and run, one round trip after another. Only a page of an exact
 * path, and only when the session its layout needs is there (a visitor sent on to sign in loads nothing extra).
 * Shared modules are not preloaded: the shell's own serve them. A failure is left to the page's own load.
 */
export function preloadOpeningCode(config: RuntimeConfig): void {
  const signedIn = (key: string) => {
    try {
      return Boolean(localStorage.getItem(key));
    } catch {
      return false;
    }
  };
  const candidates = [
    ...(signedIn('token') ? MAIN_REMOTE_ROUTES : []),
    ...(signedIn('adminToken') ? ADMIN_REMOTE_ROUTES : []),
    ...PUBLIC_REMOTE_ROUTES,
  ];
  const route = openingRoute(candidates, exactPath);
  if (!route) return;
  registerAllRemotes(config);
  preloadRemote([{ nameOrAlias: route.remote, exposes: [route.page], resourceCategory: 'sync' }]).catch(() => undefined);
}
