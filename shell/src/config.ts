/**
 * The runtime configuration, read before anything renders: where the API is and where each remote's manifest lives.
 * Deploying a new build of one remote replaces only that remote's files. The server writes it into the app's
 * documents (`<script type="application/json" id="klinik-config">`, scripts/static.mjs `inlineRuntimeConfig`); a
 * document without it (a deployment that does not write it) fetches /config.json, one round trip later.
 */
import type { VideoGuideKey } from '@klinik/core/rules';

export const REMOTE_NAMES = ['mf_calendar', 'mf_clients', 'mf_invoices', 'mf_commerce', 'mf_admin', 'mf_booking'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RuntimeConfig {
  apiUrl: string;
  remotes: Record<RemoteName, string>;
  /** Optional: other addresses of the video guides (a clinic's provider may host its own). */
  videoGuides?: Partial<Record<VideoGuideKey, { video: string; poster?: string | null }>>;
  /** Optional: the support team's meeting calendar (a Calendly scheduling page), embedded by /support-import-data. */
  meetingUrl?: string;
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Partial<RuntimeConfig>;
  return typeof config.apiUrl === 'string' && !!config.remotes && REMOTE_NAMES.every((name) => typeof config.remotes?.[name] === 'string');
}

let loaded: RuntimeConfig | null = null;

/** Where a remote is deployed (its manifest's folder), for links to its standalone pages. */
export function remoteBase(remote: RemoteName): string {
  const manifest = loaded?.remotes[remote];
  return manifest ? new URL('.', new URL(manifest, window.location.href)).href : `${window.location.origin}/`;
}

/** The configuration as loaded (null before loadRuntimeConfig). */
export const runtimeConfig = (): RuntimeConfig | null => loaded;

let pending: Promise<RuntimeConfig> | null = null;

/**
 * Fetched once per page, as early as the page can (index.ts asks before the app's code has arrived); a failure is
 * not kept, so the next call asks again.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetchRuntimeConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The configuration the server wrote into the document, if it did. */
function inlineRuntimeConfig(): RuntimeConfig | null {
  const text = document.getElementById('klinik-config')?.textContent;
  if (!text) return null;
  const config: unknown = JSON.parse(text);
  if (!isRuntimeConfig(config)) throw new Error('klinik-config mangler apiUrl eller en remote');
  return config;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = inlineRuntimeConfig();
  if (inline) {
    loaded = inline;
    return inline;
  }
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const config: unknown = await response.json();
  if (!isRuntimeConfig(config)) throw new Error('config.json mangler apiUrl eller en remote');
  loaded = config;
  return config;
}
