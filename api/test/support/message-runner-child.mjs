// A message runner in a process of its own (api/test/message-runner.test.ts): the built API's runner over the test's
// database, sending SMS to the test's local GatewayAPI server. With KLINIK_TEST_MESSAGE_PAUSE_BEFORE_SEND it stops
// for good before that send (holding its lease), so the test can kill it at a known point.
import pino from 'pino';
import { createGatewayApiGateway } from '../../dist/adapters/sms/gatewayapi.js';
import { connectDatabase } from '../../dist/db/connect.js';
import { runDueMessages } from '../../dist/jobs/message-runner.js';
import { createModels } from '../../dist/models/index.js';
import { createRateLimiter } from '../../dist/security/rate-limit.js';
import { createTokenService } from '../../dist/security/tokens.js';

const conn = await connectDatabase(process.env.CHILD_MONGODB_URI, process.env.CHILD_DB_NAME);
const deps = {
  models: createModels(conn),
  mailer: { kind: 'outbox', send: () => Promise.reject(new Error('no mail here')), close: async () => {} },
  sms: createGatewayApiGateway({ token: 'test-token', url: process.env.CHILD_GATEWAY_URL, sender: 'Klinik' }),
  tokens: createTokenService('child-secret-that-is-long-enough-for-hs256', 3600),
  // No daily caps here (a limiter without rules counts nothing): the test is about leases, not budgets.
  limiter: await createRateLimiter(conn, {}, () => Date.now()),
  payments: { listCards: async () => [] },
  config: { appUrl: 'http://localhost:3000', messageJobs: { everyMs: 0, batchSize: 50, leaseMs: Number(process.env.CHILD_LEASE_MS), concurrency: 1 } },
  logger: pino({ level: 'warn' }),
  now: () => Date.now(),
};
const result = await runDueMessages(deps, `child-${process.pid}`);
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await conn.close();
