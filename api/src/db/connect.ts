import mongoose, { type Connection } from 'mongoose';

/** The database named in the URI's path, else MONGODB_DB, else 'klinik'. */
export function databaseNameFor(uri: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.MONGODB_DB) return env.MONGODB_DB;
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : 'klinik';
}

/** One mongoose connection (not the global default), so tests can run several apps side by side. */
export async function connectDatabase(uri: string, dbName: string = databaseNameFor(uri)): Promise<Connection> {
  const conn = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 15_000,
    autoIndex: true,
  });
  await conn.asPromise();
  return conn;
}
