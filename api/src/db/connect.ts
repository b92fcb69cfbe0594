import mongoose, { type Connection } from 'mongoose';

/** One mongoose connection (not the global default), so tests can run several apps side by side. */
export async function connectDatabase(uri: string, dbName: string): Promise<Connection> {
  const conn = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 15_000,
    autoIndex: true,
  });
  await conn.asPromise();
  return conn;
}
