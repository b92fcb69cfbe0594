/**
 * Starts what the journeys need and stops it afterwards: a real SMTP server (with a small HTTP inbox the tests
 * read), and the whole product (database, API, shell, six remotes) on the e2e ports with throw-away data; and a
 * second such stack on its own ports for the journeys that move the API's clock (playwright.config.ts), both
 * mailing into the one SMTP server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../../api/test/support/smtp-sink';
import { E2E_ADMIN, E2E_CLOCK_PORTS, E2E_PORTS, E2E_TEAM_USER } from './ports';

const root = path.resolve(import.meta.dirname, '..', '..');

export default async function globalSetup() {
  const smtp = await startSmtpSink(E2E_PORTS.smtp);
  const inbox = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const to = query.get('to')?.toLowerCase();
    // `content=1`: each attachment's bytes too (base64), for a journey that reads a mailed PDF back.
    const content = query.get('content') === '1';
    const mails = smtp.mails
      .filter((mail) => !to || mail.to.includes(to))
      .map(({ attachments, ...mail }) => ({ ...mail, attachments: attachments.map((a) => (content ? { filename: a.filename, base64: a.content.toString('base64') } : a.filename)) }));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => inbox.listen(E2E_PORTS.inbox, '127.0.0.1', () => resolve()));

  const dataDirs = [mkdtempSync(path.join(os.tmpdir(), 'klinik-e2e-')), mkdtempSync(path.join(os.tmpdir(), 'klinik-e2e-clock-'))];
  const { startStack } = (await import(path.join(root, 'scripts', 'stack.mjs'))) as typeof import('../../scripts/stack.mjs');
  const start = (ports: typeof E2E_PORTS | typeof E2E_CLOCK_PORTS, dataDir: string) =>
    startStack({
      ports,
      dataDir,
      apiOutput: 'ignore',
      log: () => undefined,
      apiEnv: {
        SMTP_URL: smtp.url,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        JWT_SECRET: 'e2e-secret-that-is-long-enough-for-signing-tokens',
        LOG_LEVEL: 'warn',
        // `npm run test:e2e:repeat` runs every journey n times on one stack: each run gets one run's allowance of
        // the per-address rate limits (all the journeys' calls come from 127.0.0.1). Ten times that, because the
        // journeys register some sixty clinics from that one address (the administrator's journey alone a dozen; 10 per
        // address and hour: api/src/config.ts).
        RATE_LIMIT_SCALE: String(10 * Number(process.env.KLINIK_E2E_REPEAT ?? '1')),
      },
    });
  const [stack, clockStack] = await Promise.all([start(E2E_PORTS, dataDirs[0]!), start(E2E_CLOCK_PORTS, dataDirs[1]!)]);

  // A support-team user, made the way the CLI makes one (the API's compiled modules, typed by their sources).
  const { connectDatabase } = (await import(path.join(root, 'api', 'dist', 'db', 'connect.js'))) as typeof import('../../api/src/db/connect.js');
  const { createModels } = (await import(path.join(root, 'api', 'dist', 'models', 'index.js'))) as typeof import('../../api/src/models/index.js');
  const { createTeamUser } = (await import(path.join(root, 'api', 'dist', 'domain', 'accounts', 'team-users.js'))) as typeof import('../../api/src/domain/accounts/team-users.js');
  const conn = await connectDatabase(stack.mongodbUri);
  await createTeamUser(createModels(conn), E2E_TEAM_USER.username, E2E_TEAM_USER.password);
  await conn.close();

  process.env.KLINIK_E2E_API_URL = stack.apiUrl;
  process.env.KLINIK_E2E_CLOCK_API_URL = clockStack.apiUrl;
  process.env.KLINIK_E2E_INBOX_URL = `http://127.0.0.1:${E2E_PORTS.inbox}`;

  return async () => {
    await Promise.all([stack.stop(), clockStack.stop()]);
    await new Promise<void>((resolve) => inbox.close(() => resolve()));
    await smtp.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
}
