/**
 * Serves a built frontend module from its own origin, as separately deployed modules are: hashed assets cached
 * for a year (a production remote's remoteEntry.<hash>.js too), entry files (documents, config.json, mf-manifest.json,
 * a development build's remoteEntry.js, bookingEntry.js) never cached, compressed
 * (brotli where the browser takes it, else gzip: the build writes .br and .gz twins), CORS open for the remotes (the
 * shell fetches their manifests), and for the shell the runtime config and the app's document for every path
 * without a file (`/` is the prerendered sign-in page, index.html; the rest app.html). The documents that read the
 * runtime config (`configDocuments`) are answered with it written into them (`inlineRuntimeConfig`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sirv from 'sirv';

/**
 * The Content-Security-Policy of the app's documents: scripts only from the shell's and the remotes' own
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

/** The document's preload of config.json (shell/public/app.html, online-booking.html), as built (minified or not). */
const CONFIG_PRELOAD = /<link\b[^>]*\bhref="?\/config\.json"?[^>]*>/;

/**
 * `html` with the runtime config written into it in place of its preload of config.json: a JSON data block
 * (`<script type="application/json" id="klinik-config">`), which the shell reads instead of fetching config.json
 * (shell/src/config.ts), so the app's first requests (the opening page's manifest, its first data) go out one round
 * trip sooner. A data block is not run, so the documents' policy (no inline script) stands; `<` is
 * escaped so that no value can end the block. Throws if the document has no such preload (it would not read it).
 *
 * @param {string} html
 * @param {object} config
 */
export function inlineRuntimeConfig(html, config) {
  if (!CONFIG_PRELOAD.test(html)) throw new Error('The document has no preload of /config.json to replace');
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(CONFIG_PRELOAD, () => `<script type="application/json" id="klinik-config">${json}</script>`);
}

/** A document answered from memory, compressed as the browser takes it, revalidated like every document. */
function configDocument(file, config) {
  const body = Buffer.from(inlineRuntimeConfig(readFileSync(file, 'utf8'), config));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { identity: body, gzip: gzipSync(body), br: brotliCompressSync(body), etag };
}

function decodedPath(value) {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
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
 * `configDocuments`: documents at the root that read the runtime config (the shell's app.html and OnlineBooking.html),
 * answered with it written into them (`inlineRuntimeConfig`); the fallback among them too.
 *
 * @param {{ dir: string, port: number, host?: string, fallback?: string, runtimeConfig?: object, configDocuments?: string[], dev?: boolean, csp?: string, embedCsp?: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveModule({ dir, port, host = '127.0.0.1', fallback, runtimeConfig, configDocuments = [], dev = false, csp, embedCsp }) {
  const headers = (res, pathname) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // `pathname` is the one asked for: /Kalender gets app.html, which must be revalidated like any document.
    const entry = NO_CACHE.test(pathname) || REVALIDATE.test(pathname) || pathname.endsWith('.html') || DOCUMENT.test(pathname);
    res.setHeader('Cache-Control', entry ? 'no-cache' : 'public, max-age=31536000, immutable');
  };
  const inlined = runtimeConfig ? configDocuments : [];
  // dev: files are looked up on every request, as watch builds replace them; so are these documents.
  const documents = new Map();
  const documentNamed = (name) => {
    const ready = documents.get(name) ?? configDocument(path.join(dir, name), runtimeConfig);
    if (!dev) documents.set(name, ready);
    return ready;
  };
  if (!dev) for (const name of inlined) documentNamed(name);
  /** Which of the inlined documents `pathname` asks for, as sirv would resolve it (`/OnlineBooking` and `/OnlineBooking/` are OnlineBooking.html). */
  const inlinedFor = (pathname) => {
    const bare = pathname.replace(/\/$/, '');
    return inlined.find((name) => bare === `/${name}` || `${bare}.html` === `/${name}`);
  };
  const sendDocument = (req, res, name, pathname) => {
    let document;
    try {
      document = documentNamed(name);
    } catch (error) {
      // A watch build that has not written the document yet (at start, documents are read before listening).
      res.statusCode = 503;
      res.end(`${name}: ${error.message}`);
      return;
    }
    headers(res, pathname);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', document.etag);
    if (req.headers['if-none-match'] === document.etag) {
      res.writeHead(304);
      res.end();
      return;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', document[encoding].length);
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : document[encoding]);
  };
  const assets = sirv(dir, {
    dev,
    etag: true,
    gzip: true,
    brotli: true,
    // An inlined fallback is sent below, for what sirv finds no file for.
    single: fallback && !inlined.includes(fallback) ? fallback : false,
    setHeaders: headers,
  });
  const server = http.createServer((req, res) => {
    const pathname = decodedPath(req.url?.split('?')[0] ?? '/');
    // config.json at the root (the shell) or beside a standalone page (mf-booking's embed/).
    if (runtimeConfig && pathname.endsWith('/config.json')) {
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
    const named = inlinedFor(pathname);
    if (named) return sendDocument(req, res, named, pathname);
    // sirv streams a file it listed at start (production) without an error handler on the stream: a file removed
    // since (a rebuild while the stack runs) threw an unhandled 'error' and ended the server, and with it `npm
    // start`. The answer's headers are out by then, so the one response is cut off and the server goes on.
    res.on('pipe', (source) => source.on('error', () => res.destroy()));
    assets(req, res, () => {
      // A path naming no file and no file type is a route of the app (sirv's own `single` rule).
      if (fallback && inlined.includes(fallback) && !/\/[^/]+\.\w+$/.test(pathname)) return sendDocument(req, res, fallback, pathname);
      res.statusCode = 404;
      res.end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
