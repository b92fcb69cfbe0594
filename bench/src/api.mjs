/**
 * API figures with autocannon: requests per second and p50/p95 latency for `login` and an authenticated
 * `getTherapist`, and a bare Koa 'hello' answered on the same machine in the same run for scale.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs autocannon against `url`; latencies are taken from every response, so p95 is exact. */
export function measure(url, body, { connections = 10, duration = 8, timeout = 10 } = {}) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      {
        url,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        connections,
        duration,
        timeout,
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          rps: result.requests.total / duration,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          failures: result.non2xx + result.errors + result.timeouts,
          latencies: latencies.length,
          total: result.requests.total,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** A bare Koa 'hello' in its own process, as the API runs in its own process. */
export async function startBareKoa(port) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Koa from 'koa'; const app = new Koa(); app.use((ctx) => { ctx.body = { message: 'hello' }; }); app.listen(${port}, () => console.log('ready'));`,
    ],
    { cwd: new URL('..', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout, 'data');
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}
