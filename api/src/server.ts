/**
 * Starting the API as a process: configuration from the environment, the database (embedded unless
 * MONGODB_URI is set), the Koa app on its port, the sweeper; and a clean stop on SIGINT/SIGTERM.
 */
import type { Server } from 'node:http';
import { createApi } from './app.js';
import { configFromEnv } from './config.js';
import { connectDatabase, databaseNameFor } from './db/connect.js';
import { launchDatabase, type DatabaseHandle } from './db/launcher.js';
import { startAccountingTicker } from './jobs/accounting.js';
import { startPaymentsTicker } from './jobs/payments.js';
import { startSweeper } from './jobs/sweeper.js';
import { createLogger } from './logger.js';
import { dataDir } from './paths.js';

export interface RunningApi {
  url: string;
  database: DatabaseHandle;
  /** Development: the named administrator `npm start` keeps (printed at start); null in production. */
  admin: { username: string; password: string } | null;
  stop(): Promise<void>;
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningApi> {
  const folder = dataDir(env);
  const config = configFromEnv(env, folder);
  const logger = createLogger(config.logLevel, undefined, !config.production && process.stdout.isTTY === true);
  const database = await launchDatabase({ dataDir: folder, log: (line) => logger.info(line) });
  const conn = await connectDatabase(database.uri, databaseNameFor(database.uri, env));
  const api = await createApi({ config, conn, logger });
  const stopSweeper = startSweeper(api.services, conn, logger);
  const stopPayments = startPaymentsTicker(api.services, logger);
  const stopAccounting = startAccountingTicker(api.services, logger);
  const server: Server = await new Promise((resolve) => {
    const listening = api.app.listen(config.port, config.host, () => resolve(listening));
  });
  return {
    url: `http://localhost:${config.port}/api`,
    database,
    admin: config.devAdmin,
    async stop() {
      stopSweeper();
      stopPayments();
      stopAccounting();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await api.close();
      await conn.close();
      await database.stop();
    },
  };
}
