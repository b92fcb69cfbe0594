/**
 * Serves a built frontend module from its own origin, as separately deployed modules are: hashed assets cached
 * for a year, entry files (index.html, config.json, mf-manifest.json, remoteEntry.js) never cached, CORS open
 * for the remotes (the shell fetches their manifests), and for the shell the runtime config and SPA fallback.
 */
import http from 'node:http';
import sirv from 'sirv';

const NO_CACHE = /(^|\/)(index\.html|config\.json|mf-manifest\.json|remoteEntry\.js)$/;
/** Files kept under their own names across builds (the video guides): revalidated, never cached as immutable. */
const REVALIDATE = /(^|\/)guides\//;

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, runtimeConfig?: object, dev?: boolean }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveModule({ dir, port, host = '127.0.0.1', spa = false, runtimeConfig, dev = false }) {
  // dev: files are looked up on every request, as watch builds replace them.
  const assets = sirv(dir, {
    dev,
    etag: true,
    gzip: true,
    single: spa,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', NO_CACHE.test(pathname) || REVALIDATE.test(pathname) || pathname.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  const server = http.createServer((req, res) => {
    // config.json at the root (the shell) or beside a standalone page (mf-booking's embed/).
    if (runtimeConfig && req.url?.split('?')[0].endsWith('/config.json')) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(runtimeConfig));
      return;
    }
    if (spa) {
      // The shell's pages and index.html are never cached; security headers for the app's documents.
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('X-Frame-Options', 'DENY');
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
