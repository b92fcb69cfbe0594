import mongoose, { type Connection } from 'mongoose';

/** The database named in the URI's path, else MONGODB_DB, else 'klinik'. */
export function databaseNameFor(uri: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.MONGODB_DB) return env.MONGODB_DB;
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : 'klinik';
}

/**
 * How long a call waits for an unreachable database before it answers 503 (within 2 s). Both the driver's
 * server selection and mongoose's command buffering give up after this long; the driver keeps monitoring the server
 * and reconnects by itself when it returns, so nothing needs a restart.
 */
export const DATABASE_WAIT_MS = 1_500;

/** How long start-up waits for the database to answer at all (a database that is still starting). */
const STARTUP_WAIT_MS = 30_000;

/** One mongoose connection (not the global default), so tests can run several apps side by side. */
export async function connectDatabase(uri: string, dbName: string = databaseNameFor(uri)): Promise<Connection> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    const conn = mongoose.createConnection(uri, {
      dbName,
      serverSelectionTimeoutMS: DATABASE_WAIT_MS,
      autoIndex: true,
    });
    conn.set('bufferTimeoutMS', DATABASE_WAIT_MS);
    try {
      await conn.asPromise();
      return conn;
    } catch (error) {
      await conn.close().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      // The short selection timeout is for calls; at start-up the database may still be on its way.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
