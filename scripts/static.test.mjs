/** The shell's static server writing the runtime config into the app's documents. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONFIG_DOCUMENTS, writeConfigIntoDocuments } from './inline-config.mjs';
import { inlineRuntimeConfig, serveModule } from './static.mjs';

const CONFIG = { apiUrl: 'http://localhost:4000/api', remotes: { mf_calendar: 'http://localhost:3001/mf-manifest.json' }, meetingUrl: 'https://møde.dk/?a=1&b=</script><script>alert(1)</script>' };
const block = (html) => /<script type="application\/json" id="klinik-config">(.*?)<\/script>/s.exec(html)?.[1];

describe('inlineRuntimeConfig', () => {
  it('puts the config where the document preloaded config.json, as built (minified) or written', () => {
    for (const preload of ['<link rel="preload" href="/config.json" as="fetch" crossorigin>', '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />']) {
      const html = inlineRuntimeConfig(`<head><title>Klinik</title>${preload}<style></style></head>`, CONFIG);
      expect(html).not.toContain('config.json"');
      expect(JSON.parse(block(html))).toEqual(CONFIG);
    }
  });

  it('lets no value end the data block', () => {
    const html = inlineRuntimeConfig('<head><link rel="preload" href="/config.json" as="fetch" crossorigin></head>', CONFIG);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(JSON.parse(block(html)).meetingUrl).toBe(CONFIG.meetingUrl);
  });

  it('refuses a document that does not read the config', () => {
    expect(() => inlineRuntimeConfig('<head><title>Klinik</title></head>', CONFIG)).toThrow('no preload of /config.json');
  });
});

describe('serveModule with configDocuments', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'klinik-static-'));
  const page = (title) => `<!doctype html><html><head><title>${title}</title><link rel="preload" href="/config.json" as="fetch" crossorigin></head><body></body></html>`;
  let server;
  let base;
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'app.html'), page('app'));
    writeFileSync(path.join(dir, 'OnlineBooking.html'), page('booking'));
    writeFileSync(path.join(dir, 'MineTider.html'), page('mine'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>sign-in</title>');
    writeFileSync(path.join(dir, 'main.0123abcd.js'), 'console.log(1)');
    // The documents the stack serves this way (scripts/stack.mjs).
    server = await serveModule({ dir, port: 0, fallback: 'app.html', runtimeConfig: CONFIG, configDocuments: CONFIG_DOCUMENTS });
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the app's routes and the booking page with the config written in, revalidated like any document", async () => {
    for (const [address, title] of [['/Kalender', 'app'], ['/Klientdata/google-drive', 'app'], ['/app.html', 'app'], ['/OnlineBooking', 'booking'], ['/OnlineBooking/', 'booking'], ['/OnlineBooking.html', 'booking'], ['/MineTider', 'mine']]) {
      const response = await fetch(`${base}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(JSON.parse(block(html))).toEqual(CONFIG);
    }
  });

  it('compresses as the browser asks and answers 304 to its ETag', async () => {
    const get = (headers) =>
      new Promise((resolve, reject) => {
        request(`${base}/Kalender`, { headers }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const zipped = await get({ 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(block(gunzipSync(zipped.body).toString())).toBeDefined();
    expect((await get({ 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe('br');
    expect((await get({ 'if-none-match': zipped.headers.etag })).status).toBe(304);
  });

  it('leaves the sign-in page, files and missing files as they were', async () => {
    expect(await (await fetch(`${base}/`)).text()).toBe('<!doctype html><title>sign-in</title>');
    const script = await fetch(`${base}/main.0123abcd.js`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/main.ffffffff.js`)).status).toBe(404);
    expect(await (await fetch(`${base}/config.json`)).json()).toEqual(CONFIG);
  });

  it('survives a file removed after it started (a rebuild while the stack runs): that answer fails, the next works', async () => {
    // Listed at start, as sirv lists a production build's files once; then removed, as a rebuild removes old hashes.
    writeFileSync(path.join(dir, 'old.11111111.js'), 'console.log(2)');
    const again = await serveModule({ dir, port: 0, fallback: 'app.html', runtimeConfig: CONFIG, configDocuments: ['app.html'] });
    try {
      const address = `http://127.0.0.1:${again.address().port}`;
      rmSync(path.join(dir, 'old.11111111.js'));
      await expect(fetch(`${address}/old.11111111.js`).then((response) => response.text())).rejects.toThrow();
      const next = await fetch(`${address}/main.0123abcd.js`);
      expect(next.status).toBe(200);
      expect(await next.text()).toBe('console.log(1)');
    } finally {
      again.closeAllConnections();
      await new Promise((resolve) => again.close(resolve));
    }
  });
});

describe('scripts/inline-config.mjs, for a deployment that serves the files as they are', () => {
  it('writes the config into the documents and their compressed twins', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'klinik-inline-'));
    try {
      const documents = ['app.html', 'OnlineBooking.html', 'MineTider.html'];
      for (const name of documents) writeFileSync(path.join(dir, name), '<head><link rel="preload" href="/config.json" as="fetch" crossorigin></head>');
      writeConfigIntoDocuments(dir, CONFIG);
      for (const name of documents) {
        const file = path.join(dir, name);
        expect(JSON.parse(block(readFileSync(file, 'utf8')))).toEqual(CONFIG);
        expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(readFileSync(file, 'utf8'));
        expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(readFileSync(file, 'utf8'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
