/**
 * Starting the API as a process: configuration from the environment, the database (embedded unless MONGODB_URI is
 * set), the Koa app on its port, the jobs; and a graceful stop (SIGTERM/SIGINT in main.ts): stop accepting, let the
 * requests under way finish (SHUTDOWN_DRAIN_MS, 10 s by default), stop the jobs after their run under way, then close
 * the database.
 */
import { createApi } from './app.js';
import { configFromEnv } from './config.js';
import { connectDatabase, databaseNameFor } from './db/connect.js';
import { openDatabase, type DatabaseHandle } from './db/embedded.js';
import { createDrainingServer } from './endpoint/drain.js';
import { startAccountingTicker } from './jobs/accounting.js';
import { startAccountingTransfers } from './jobs/accounting-transfers.js';
import { startImportJobs } from './jobs/imports.js';
import { startMessageJobs } from './jobs/messages.js';
import { startSmsBilling } from './jobs/sms-billing.js';
import { startPaymentsTicker } from './jobs/payments.js';
import { startBookingPaymentHolds } from './jobs/booking-payment-holds.js';
import { startSweeper } from './jobs/sweeper.js';
import { createLogger } from './logger.js';
import { dataDir } from './paths.js';

export interface RunningApi {
  url: string;
  database: DatabaseHandle;
  /** Development: the named administrator `npm start` keeps (printed at start); null in production. */
  admin: { username: string; password: string } | null;
  /** Requests under way right now (for tests of the graceful stop). */
  inFlight(): number;
  stop(): Promise<void>;
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningApi> {
  const folder = dataDir(env);
  const config = configFromEnv(env, folder);
  const drainMs = Number.parseInt(env.SHUTDOWN_DRAIN_MS ?? '', 10) || 10_000;
  const logger = createLogger(config.logLevel, undefined, !config.production && process.stdout.isTTY === true);
  const database = await openDatabase({ dataDir: folder, log: (line) => logger.info(line) });
  const conn = await connectDatabase(database.uri, databaseNameFor(database.uri, env));
  const api = await createApi({ config, conn, logger });
  logger.info(config.s3 ? `Blobs in the S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : `Blobs under ${config.blobDir}`);
  const jobs = [startSweeper(api.services, conn, logger), startPaymentsTicker(api.services, logger), startAccountingTicker(api.services, logger), startAccountingTransfers(api.services, logger), startImportJobs(api.services, logger), startBookingPaymentHolds(api.services, logger)];
  if (api.services.config.messageJobs.everyMs > 0) jobs.push(startMessageJobs(api.services, logger), startSmsBilling(api.services, logger));
  const callback = api.app.callback();
  const http = createDrainingServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve, reject) => {
    http.server.once('error', reject);
    http.server.listen(config.port, config.host, () => resolve());
  });
  let stopping: Promise<void> | null = null;
  return {
    url: `http://localhost:${config.port}/api`,
    database,
    admin: config.devAdmin,
    inFlight: () => http.inFlight(),
    stop() {
      stopping ??= (async () => {
        const { unfinished } = await http.drain(drainMs);
        if (unfinished > 0) logger.warn({ unfinished }, 'requests cut off at the shutdown deadline');
        await Promise.all(jobs.map((job) => job.stop()));
        await api.close();
        await conn.close();
        await database.stop();
      })();
      return stopping;
    },
  };
}
