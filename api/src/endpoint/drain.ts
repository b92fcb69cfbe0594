/**
 * The HTTP server with a graceful stop (crash safety): on shutdown it stops accepting connections,
 * answers requests that still arrive on open keep-alive connections with 503 and `Connection: close` (a load balancer
 * retries them elsewhere), lets the requests under way finish up to a deadline, and only then cuts what is left.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { messages } from '@klinik/core/rules';

export interface DrainingServer {
  server: Server;
  /** Requests under way right now. */
  inFlight(): number;
  /** Stops accepting, waits for the requests under way (at most `deadlineMs`), then closes every connection. */
  drain(deadlineMs: number): Promise<{ unfinished: number }>;
}

export function createDrainingServer(handler: (req: IncomingMessage, res: ServerResponse) => void): DrainingServer {
  const active = new Set<ServerResponse>();
  let draining = false;
  let onIdle: (() => void) | null = null;
  const server = createServer((req, res) => {
    if (draining) {
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close', 'Retry-After': '5', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ message: messages.shuttingDown }));
      return;
    }
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      if (active.size === 0) onIdle?.();
    });
    handler(req, res);
  });
  return {
    server,
    inFlight: () => active.size,
    async drain(deadlineMs) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Answers still to be written end their connection, so no client keeps talking to a stopping process.
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
      if (active.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => {
            onIdle = resolve;
          }),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, deadlineMs);
          }),
        ]);
        clearTimeout(timer);
      }
      const unfinished = active.size;
      server.closeAllConnections();
      await closed;
      return { unfinished };
    },
  };
}
