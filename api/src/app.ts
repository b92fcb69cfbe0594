/**
 * The Koa application: one action endpoint, POST /api, with JSON or multipart bodies; a health check; and in
 * development the mail outbox. Errors of every kind are turned into JSON answers in one middleware.
 */
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
import { bodyParser } from '@koa/bodyparser';
import compress from 'koa-compress';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isActionName } from '@klinik/core';
import { messages } from '@klinik/core/rules';
import type { ApiConfig } from './config.js';
import { assertRegistryComplete } from './actions/index.js';
import type { Clock, Services, UploadedFile } from './context.js';
import { dispatch } from './endpoint/dispatch.js';
import { createUploadReceiver } from './endpoint/uploads.js';
import { ApiError, isDatabaseUnavailable, isDuplicateKeyError, TooManyRequestsError, ValidationError } from './errors.js';
import { createOAuthStates } from './security/oauth/state.js';
import { createRateLimiter } from './security/rate-limit.js';
import { createTokenService } from './security/tokens.js';
import { createModels } from './models/index.js';
import { createAccessLogWriter } from './data/access-log-writer.js';
import { createSignInCache } from './data/sign-in-cache.js';
import { ensureDevAdministrator } from './domain/accounts/administrators.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './adapters/mail/index.js';
import { outboxPage } from './adapters/mail/outbox-page.js';
import { runMessageJobs } from './jobs/messages.js';
import { billSmsMonths } from './jobs/sms-billing.js';
import { runPaymentsTick } from './jobs/payments.js';
import { expireBookingPaymentHolds } from './jobs/booking-payment-holds.js';
import { contentTypeOfKey, createBlobSigner, type BlobStore } from './adapters/blobs/index.js';
import { createBlobStore } from './adapters/blobs/create.js';
import { servedImage } from './domain/images/images.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import { paymentRoutes, receivePaymentWebhook } from './endpoint/payments.js';
import { merchantPaymentRoutes, receiveMerchantWebhook } from './endpoint/merchant-payments.js';
import { createMerchantGateways } from './adapters/payments/merchant.js';
import { createFrisbiiMerchant } from './adapters/payments/frisbii/merchant.js';
import { calendarFeedRoutes } from './endpoint/calendar-feed.js';
import { createAccountingProvider } from './adapters/accounting/index.js';
import { createSmsGateway } from './adapters/sms/create.js';
import { createDriveProvider } from './adapters/drive/index.js';
import { loadSandboxes } from './adapters/sandboxes.js';
import { devMeetingRoutes } from './endpoint/dev-meeting.js';
import { runStartupMigrations } from './migrations/index.js';
import { useDataKeyring } from './security/encryption.js';

export interface AppOptions {
  config: ApiConfig;
  conn: Connection;
  logger: Logger;
  clock?: Clock;
  mailer?: Mailer;
  blobs?: BlobStore;
}

export interface KlinikApi {
  app: Koa;
  services: Services;
  close(): Promise<void>;
}

interface HttpishError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  name?: unknown;
}

/** Maps anything thrown to a status and a message a user can read. */
function toErrorAnswer(error: unknown): { status: number; body: Record<string, unknown>; retryAfter?: number } {
  if (error instanceof ApiError) {
    const body: Record<string, unknown> = { message: error.message };
    if (error.errors && Object.keys(error.errors).length) body.errors = error.errors;
    return { status: error.status, body, retryAfter: error instanceof TooManyRequestsError ? error.retryAfterSeconds : undefined };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: messages.databaseUnavailable }, retryAfter: 5 };
  const e = (error ?? {}) as HttpishError;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413 || e.type === 'entity.too.large') {
    return { status: 413, body: { message: messages.bodyTooLarge } };
  }
  if (status === 400 && (e.type === 'entity.parse.failed' || error instanceof SyntaxError)) {
    return { status: 400, body: { message: messages.malformedJson } };
  }
  if (e.name === 'CastError' || e.name === 'BSONError') return { status: 400, body: { message: 'Ugyldig reference' } };
  if (isDuplicateKeyError(error)) return { status: 409, body: { message: 'Findes allerede' } };
  if (status >= 400 && status < 500) {
    const message = error instanceof Error && error.message ? error.message : 'Ugyldig forespørgsel';
    return { status, body: { message } };
  }
  return { status: 500, body: { message: messages.unexpected } };
}

/**
 * Whether a request's own `Host` header names this machine (localhost, 127.0.0.1 or [::1], any port). The
 * development routes answer only such requests: a page on another site can point its own name at 127.0.0.1 (DNS
 * rebinding) and read what its 'same origin' answers, the outbox with its reset links for one; its requests carry
 * that name as Host. The raw header, not X-Forwarded-Host, which such a page could send itself.
 */
export function isLocalHost(host: string | undefined): boolean {
  const name = (host ?? '').trim().toLowerCase();
  return /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/.test(name);
}

/** One ping, answered within `timeoutMs` or counted as failed. */
async function pingDatabase(conn: Connection, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      conn.db!.admin().command({ ping: 1 }, { timeoutMS: timeoutMs }),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function createApi(options: AppOptions): Promise<KlinikApi> {
  assertRegistryComplete();
  const { config, conn, logger } = options;
  // Health data at rest (security/encryption.ts): the keys first, then the models that use them, then the
  // start-up migrations (migrations/index.ts: plain or older-key data brought to the newest key).
  useDataKeyring(config.dataKeyring);
  const models = createModels(conn);
  await Promise.all(Object.values(models).map((model) => model.init()));
  // The blob store before the migrations: the encryption pass brings stored files to the newest key too.
  const blobs = options.blobs ?? (await createBlobStore(config));
  await runStartupMigrations(conn, logger, blobs);
  // Development: the named administrator from the generated secrets, so /admin works with no manual step.
  if (config.devAdmin && !config.production) await ensureDevAdministrator(models, config.devAdmin);
  // Outside production the clock can be moved forward through /dev/clock (end-to-end tests of the 24-hour rules).
  let devOffsetMs = 0;
  const clock = options.clock ?? { now: () => Date.now() + devOffsetMs };
  const outboxUrl = `http://localhost:${config.port}/dev/outbox`;
  const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(models, logger, outboxUrl));
  // The payment sandbox delivers its events to the webhook handler, which needs the services made below.
  const sandboxes = await loadSandboxes({
    config,
    models,
    now: () => clock.now(),
    deliver: async (rawBody, signature) => {
      await receivePaymentWebhook(services, rawBody, signature);
    },
    deliverMerchant: async (companyId, rawBody, signature) => {
      await receiveMerchantWebhook(services, companyId, rawBody, signature);
    },
  });
  const services: Services = {
    config,
    models,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    mailer,
    logger,
    clock,
    // On the API's clock: its windows are fixed, so a test that holds the clock still never sees one end mid-test.
    limiter: await createRateLimiter(conn, config.rateLimits, () => clock.now()),
    blobs,
    blobSigner: createBlobSigner(config.jwtSecret, config.blobUrlTtlSeconds),
    payments: createPaymentProvider(config.paymentsProvider, { webhookSecret: config.paymentsWebhookSecret, now: () => clock.now(), frisbii: config.frisbii }, sandboxes?.payments ?? null),
    merchants: createMerchantGateways({
      sandbox: sandboxes?.merchant ?? null,
      frisbii: (_companyId, account) => createFrisbiiMerchant({ ...config.merchantFrisbii, ...account, now: () => clock.now() }),
    }),
    accounting: createAccountingProvider(config, sandboxes?.accounting ?? null, () => clock.now()),
    drive: createDriveProvider(config, sandboxes?.drive ?? null, () => clock.now()),
    oauthStates: createOAuthStates(models, config.jwtSecret),
    sms: createSmsGateway(config, models, logger),
    signInCache: createSignInCache(models, conn, logger),
    // Only the error's name and message: a bulk write error carries the rows it could not store.
    accessLog: createAccessLogWriter(models, config.accessLogDir, {
      onError: (error: unknown) => logger.error({ err: { name: (error as Error).name, message: (error as Error).message } }, 'access log not stored yet (kept in its journal)'),
    }),
  };
  // What a process that is gone left in the journal folder is stored before this one answers a call.
  const replayed = await services.accessLog.replay();
  if (replayed > 0) logger.warn({ rows: replayed }, 'access-log rows of a stopped process stored from its journal');
  // The caller's address: the socket's, or the TRUST_PROXY-th entry of X-Forwarded-For from the right (the part
  // our own proxies wrote); entries further left are the sender's word (security/client-address.ts).
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  const router = new Router();
  const receiveUpload = createUploadReceiver(services);
  const json = bodyParser({ enableTypes: ['json'], jsonLimit: config.jsonLimitBytes, jsonStrict: true, encoding: 'utf-8' });

  // Errors first, so everything below (CORS, body parsing, the handlers) answers JSON with a clear message.
  app.use(async (ctx, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    try {
      await next();
    } catch (error) {
      const answer = toErrorAnswer(error);
      if (answer.status === 503) {
        // An outage, not a fault: a warning, with the underlying error's name (a store's SDK error is the cause).
        const cause = (error as Error).cause as Error | undefined;
        const err = { name: (error as Error).name, message: (error as Error).message, ...(cause ? { cause: { name: cause.name, message: cause.message } } : {}) };
        logger.warn({ requestId, err }, isDatabaseUnavailable(error) ? 'database unavailable' : 'service unavailable');
      }
      else if (answer.status >= 500) logger.error({ requestId, err: error }, 'unexpected error');
      ctx.status = answer.status;
      ctx.body = answer.body;
      if (answer.retryAfter) ctx.set('Retry-After', String(answer.retryAfter));
    } finally {
      // API answers are never stored by a browser or a proxy (they carry health data); images set their own.
      if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
      ctx.set('X-Content-Type-Options', 'nosniff');
      // Only the action name, never the body: no passwords, tokens or CPR numbers in logs.
      logger.info(
        // A route whose path carries a secret (the calendar feed's) gives the path to log in its place.
        { requestId, method: ctx.method, path: typeof ctx.state.logPath === 'string' ? ctx.state.logPath : ctx.path, action: ctx.state.action, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });

  const allowedOrigins = new Set(config.corsOrigins);
  app.use(
    cors({
      origin: (ctx) => {
        const origin = ctx.get('Origin');
        return allowedOrigins.has(origin) ? origin : '';
      },
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
    }),
  );

  // Answers over 1 KB go compressed where the caller accepts it (brotli, else gzip): a week of bookings is 23 KB of
  // JSON and 3 KB compressed, a tenth of a second on a phone's slow line. Compressing next to secrets is safe here
  // (BREACH): no call carries ambient credentials another site could send, the token is in the body of each call.
  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 }, deflate: false }));

  if (config.devRoutes && !config.production) {
    // Every development route (/dev/…: clock, outbox, meeting stand-in, payments) only for this machine's own names.
    app.use(async (ctx, next) => {
      if ((ctx.path === '/dev' || ctx.path.startsWith('/dev/')) && !isLocalHost(ctx.req.headers.host)) {
        ctx.status = 403;
        ctx.body = { message: 'Udviklingsruterne svarer kun på localhost' };
        return;
      }
      await next();
    });
  }

  router.post('/api', async (ctx, next) => {
    // Streamed to temporary files with per-action limits, checked before a file is stored (endpoint/uploads.ts).
    if (ctx.is('multipart/form-data')) {
      await receiveUpload(ctx, next);
    } else {
      await json(ctx, next);
    }
  }, async (ctx) => {
    const raw: unknown = ctx.is('multipart/form-data') ? { ...(ctx.request as { body?: object }).body } : ctx.request.body;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationError(messages.malformedJson);
    const body = raw as Record<string, unknown>;
    if (typeof body.action === 'string' && isActionName(body.action)) ctx.state.action = body.action;
    const { answer } = await dispatch({ body, files: (ctx.state.files as UploadedFile[] | undefined) ?? [], ip: ctx.ip, origin: `${ctx.protocol}://${ctx.host}` }, services);
    ctx.status = 200;
    ctx.body = answer;
  });

  paymentRoutes(router, services);
  merchantPaymentRoutes(router, services);
  calendarFeedRoutes(router, services);
  sandboxes?.mount(router);

  // Liveness: the process answers (200 as long as it runs, saying whether the database answered a ping within 1 s; a
  // restart is never ordered because the database is away). Readiness: the database answers a ping within 2 s (a load balancer
  // sends no traffic to an API whose database is away). Both recover by themselves when the database returns.
  router.get('/health', async (ctx) => {
    ctx.body = { ok: true, database: (await pingDatabase(conn, 1000)) ? 'available' : 'unavailable' };
  });
  router.get('/ready', async (ctx) => {
    if (await pingDatabase(conn, 2000)) {
      ctx.body = { ok: true };
    } else {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { ok: false, message: messages.databaseUnavailable };
    }
  });

  // Images: only with a valid signature, minted by the image actions for the clinic that owns the image.
  router.get('/blobs/:company/:file', async (ctx) => {
    const key = `${ctx.params.company}/${ctx.params.file}`;
    const { exp, sig } = ctx.query;
    if (typeof exp !== 'string' || typeof sig !== 'string' || !services.blobSigner.verify(key, exp, sig, clock.now())) {
      ctx.status = 403;
      ctx.body = { message: 'Linket til billedet er ugyldigt eller udløbet' };
      return;
    }
    // Stored encrypted; decrypted here, the one place images leave the API (domain/images/images.ts).
    const data = await servedImage(services.blobs, key);
    if (!data) {
      ctx.status = 404;
      ctx.body = { message: 'Billedet findes ikke' };
      return;
    }
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.type = contentTypeOfKey(key);
    ctx.body = data;
  });

  if (config.devRoutes && !config.production) {
    // Test-only clock control (never in production): POST {"advanceMs": n} moves the API's clock forward, never back
    // (rules that count on time only moving on, expiries and rate-limit windows, would be undone); reset returns to now.
    router.post('/dev/clock', json, async (ctx) => {
      const body = (ctx.request.body ?? {}) as { advanceMs?: unknown; reset?: unknown };
      if (body.reset === true) devOffsetMs = 0;
      else if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs) && body.advanceMs >= 0) devOffsetMs += body.advanceMs;
      else {
        ctx.status = 400;
        ctx.body = { message: 'advanceMs (et tal, 0 eller større) eller reset: true' };
        return;
      }
      // What the payments ticker does (subscriptions following their plans, the provider's renewals and dunning)
      // happens as the clock passes it.
      await runPaymentsTick(services, clock.now());
      // Booking holds whose 15 minutes passed are released.
      await expireBookingPaymentHolds(services, clock.now());
      // And the reminders and follow-ups that became due: planned and sent before the answer (end-to-end tests).
      await runMessageJobs(services, 'dev-clock');
      await billSmsMonths(services);
      ctx.body = { now: clock.now(), offsetMs: devOffsetMs };
    });
    // The support team's meeting calendar stand-in (runtime config meetingUrl), framed by the shell only.
    devMeetingRoutes(router, [config.appUrl, ...config.corsOrigins]);
    router.get('/dev/outbox', async (ctx) => {
      const [mails, sms] = await Promise.all([
        models.OutboxMail.find().sort({ createdAt: -1 }).limit(50).lean(),
        models.OutboxSms.find().sort({ createdAt: -1 }).limit(50).lean(),
      ]);
      ctx.type = 'html';
      ctx.body = outboxPage(mails, sms);
    });
    // The same for tests and tools: the latest 50 of each, newest first.
    router.get('/dev/outbox.json', async (ctx) => {
      const [mails, sms] = await Promise.all([
        models.OutboxMail.find().sort({ createdAt: -1 }).limit(50).lean(),
        models.OutboxSms.find().sort({ createdAt: -1 }).limit(50).lean(),
      ]);
      ctx.body = {
        mails: mails.map(({ to, subject, text, html, attachments, createdAt }) => ({ to, subject, text, html, attachments: attachments ?? [], createdAt })),
        sms: sms.map(({ _id, to, text, createdAt }) => ({ to, text, reference: _id, createdAt })),
      };
    });
  }

  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { message: messages.notFound };
  });

  return {
    app,
    services,
    async close() {
      services.signInCache.close();
      await services.accessLog.close();
      await mailer.close();
    },
  };
}
