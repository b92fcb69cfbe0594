/** The page's runtime config (`./config.json` beside its document), asked for once, by the entry, in parallel with the page's code. */
let pending: Promise<{ apiUrl: string }> | null = null;

export function loadConfig(): Promise<{ apiUrl: string }> {
  pending ??= fetch('./config.json', { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return (await response.json()) as { apiUrl: string };
  });
  return pending;
}
