/**
 * A TCP gate between the API and its database, so a test can take the database away (every connection is cut and
 * new ones are refused, as when the database process is gone) and bring it back on the same address.
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TcpGate {
  /** The gate's address as a MongoDB URI (the target's with host and port replaced). */
  uri: string;
  /** Cuts every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function openTcpGate(targetUri: string): Promise<TcpGate> {
  const target = new URL(targetUri);
  const targetPort = Number(target.port || 27017);
  const sockets = new Set<Socket>();
  const createServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(targetPort, target.hostname);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
  let server = createServer();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const uri = new URL(targetUri);
  uri.hostname = '127.0.0.1';
  uri.port = String(port);
  return {
    uri: uri.toString(),
    cut: stop,
    async restore() {
      if (server.listening) return;
      server = createServer();
      await listen(port);
    },
    close: stop,
  };
}
