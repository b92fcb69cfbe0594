/**
 * Starts an in-process HTTP server for a test (the test API, a double of a paid service, an SMS gateway) on a free
 * port of 127.0.0.1, and answers its base address.
 *
 * Idle connections are closed by the caller (fetch's pool), never by the server: `keepAliveTimeout = 0`. The server
 * and its caller share one event loop here, so after a long synchronous step (a test building a 100 MB zip on a busy
 * machine) both keep-alive timers were overdue at once; the server's fired first, and the next request went out on the
 * socket it had just closed (ECONNRESET 30 ms into the call, a flake seen in CI). Production keeps Node's default.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listenLocally(server: Server): Promise<string> {
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
