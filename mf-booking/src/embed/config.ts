/**
 * The page's runtime config (`./config.json` beside its document), asked for once, by the entry, in parallel with the
 * page's code. `appUrl`: where the app (and so 'Mine tider') is, when the page is not served by the app itself.
 */
interface EmbedConfig {
  apiUrl: string;
  appUrl?: string;
}

let pending: Promise<EmbedConfig> | null = null;

export function loadConfig(): Promise<EmbedConfig> {
  pending ??= fetch('./config.json', { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return (await response.json()) as EmbedConfig;
  });
  return pending;
}
