/**
 * Serves a built frontend module from its own origin, as separately deployed modules are: hashed assets cached
 * for a year (a production remote's remoteEntry.<hash>.js too), entry files (documents, config.json, mf-manifest.json,
 * a development build's remoteEntry.js, bookingEntry.js) never cached, compressed
 * (brotli where the browser takes it, else gzip: the build writes .br and .gz twins), CORS open for the remotes (the
 * shell fetches their manifests), and for the shell the runtime config and the app's document for every path
 * without a file (`/` is the prerendered sign-in page, index.html; the rest app.html).
 */
import http from 'node:http';
import sirv from 'sirv';

/**
 * The Content-Security-Policy of the app's documents (issue 14): scripts only from the shell's and the remotes' own
 * origins (no inline script, no eval), data only from them and the API, images also from the API (signed image
 * addresses) and from data:/blob: (previews), PDFs previewed from blob:, nothing embeds the app
 * (`frame-ancestors 'none'`) except the public booking page (`embeddable`). Styles allow 'unsafe-inline': Fluent's
 * CSS-in-JS (Griffel) inserts its rules at run time. Frames only of the app's own origin, blob: (PDF previews) and
 * `frameOrigins` (the support team's meeting calendar, runtime config `meetingUrl`). Production serves the same
 * policy from its CDN (docs/deploy.md).
 *
 * @param {{ apiUrl: string, moduleOrigins: string[], embeddable?: boolean, frameOrigins?: string[] }} options
 */
export function contentSecurityPolicy({ apiUrl, moduleOrigins, embeddable = false, frameOrigins = [] }) {
  const api = new URL(apiUrl).origin;
  const modules = [...new Set(moduleOrigins)].join(' ');
  const frames = [...new Set(frameOrigins.map((address) => new URL(address).origin))].map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${modules}`,
    `style-src 'self' 'unsafe-inline' ${modules}`,
    `connect-src 'self' ${api} ${modules}`,
    `img-src 'self' data: blob: ${api} ${modules}`,
    `media-src 'self' ${modules}`,
    `font-src 'self' data: ${modules}`,
    `frame-src 'self' blob:${frames}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    embeddable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}

const NO_CACHE = /(^|\/)(index\.html|config\.json|mf-manifest\.json|remoteEntry\.js|bookingEntry\.js)$/;
/** A path without a file extension is answered with a document (a directory's index.html, the `fallback`). */
const DOCUMENT = /(^|\/)[^./]*$/;
/** Files kept under their own names across builds (the video guides): revalidated, never cached as immutable. */
const REVALIDATE = /(^|\/)guides\//;

/**
 * `csp`: the policy of this module's documents (the shell's pages, mf-booking's standalone page under `embed/`, which
 * alone may be framed by other sites); every other answer may not be framed at all.
 *
 * `fallback`: the document answering every path that names no file (the shell's app.html), if any.
 *
 * @param {{ dir: string, port: number, host?: string, fallback?: string, runtimeConfig?: object, dev?: boolean, csp?: string, embedCsp?: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveModule({ dir, port, host = '127.0.0.1', fallback, runtimeConfig, dev = false, csp, embedCsp }) {
  // dev: files are looked up on every request, as watch builds replace them.
  const assets = sirv(dir, {
    dev,
    etag: true,
    gzip: true,
    brotli: true,
    single: fallback ?? false,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // `pathname` is the one asked for: /Kalender gets app.html, which must be revalidated like any document.
      const entry = NO_CACHE.test(pathname) || REVALIDATE.test(pathname) || pathname.endsWith('.html') || DOCUMENT.test(pathname);
      res.setHeader('Cache-Control', entry ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  const server = http.createServer((req, res) => {
    // config.json at the root (the shell) or beside a standalone page (mf-booking's embed/).
    if (runtimeConfig && req.url?.split('?')[0].endsWith('/config.json')) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(runtimeConfig));
      return;
    }
    // Security headers on every answer: documents get their policy; only the public booking page may be framed.
    const embedded = embedCsp && /^\/embed(\/|$)/.test(req.url ?? '');
    res.setHeader('Referrer-Policy', embedded ? 'strict-origin-when-cross-origin' : 'no-referrer');
    if (embedded) res.setHeader('Content-Security-Policy', embedCsp);
    else {
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Content-Security-Policy', csp ?? "default-src 'none'; frame-ancestors 'none'");
    }
    assets(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
