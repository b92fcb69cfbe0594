/**
 * A real API for one test file: the real Koa app over HTTP on a free port, its own database on the run's
 * database server, a controllable clock, captured logs, and a small typed caller.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { Aggregate, Query } from 'mongoose';
import type { ActionInput, ActionName, ActionOutput } from '@klinik/core';
import type { Models } from '../../src/models/index.js';
import { createApi, type KlinikApi } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS, type ApiConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { createLogger } from '../../src/logger.js';
import { parseDataKeyring } from '../../src/security/encryption.js';
import { listenLocally } from './local-server.js';

export interface TestClock {
  now(): number;
  /** Moves the clock forward (or back) by `ms`. */
  advance(ms: number): void;
  set(epochMs: number): void;
  /**
   * Moves to just after the next whole hour: the start of a fresh window of every rate-limit rule (their windows are
   * fixed, aligned to the epoch, and each length divides an hour; security/rate-limit.ts). A test that counts
   * attempts up to a limit starts here, so its attempts never straddle two windows, however slow the machine.
   */
  startFreshRateLimitWindows(): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let offset = start - Date.now();
  const now = () => Date.now() + offset;
  const set = (epochMs: number) => {
    offset = epochMs - Date.now();
  };
  const hour = 3_600_000;
  return {
    now,
    advance: (ms) => {
      offset += ms;
    },
    set,
    startFreshRateLimitWindows: () => set(Math.ceil((now() + 1) / hour) * hour + 1),
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { message?: string; errors?: Record<string, string> };
  headers: Headers;
}

export interface TestApi {
  url: string;
  api: KlinikApi;
  clock: TestClock;
  logs: string[];
  config: ApiConfig;
  /**
   * The models for a test to look at or set up what it checks, across clinics: every query says so with the
   * `crossTenant` option (the API itself reaches tenant data only through the scoped data access).
   */
  models: Models;
  /** Calls an action the way a browser does; answers status and body, never throws on 4xx. */
  call<A extends ActionName>(action: A, input: ActionInput<A>, token?: string): Promise<Answer<ActionOutput<A>>>;
  /** Sends any body at all (for bad input). */
  post(body: unknown, init?: { headers?: Record<string, string>; raw?: boolean }): Promise<Answer>;
  close(): Promise<void>;
}

/** The administrator every test API has (made at start as in development). */
export const TEST_ADMIN = { username: 'admin', password: 'admin-test-password' } as const;

const INSPECTION = 'test: inspects and sets up data across clinics';

/** `models`, with every query and aggregation marked as a test's cross-clinic inspection. */
export function inspectionModels(models: Models): Models {
  return new Proxy(models, {
    get(target, name) {
      const model = target[name as keyof Models] as unknown as Record<string | symbol, unknown>;
      if (!model) return model;
      return new Proxy(model, {
        get(inner, property) {
          const value = inner[property];
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const result = (value as (...a: unknown[]) => unknown).apply(inner, args);
            if (result instanceof Query) return result.setOptions({ crossTenant: INSPECTION });
            if (result instanceof Aggregate) return result.option({ crossTenant: INSPECTION });
            return result;
          };
        },
      });
    },
  });
}

export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    production: false,
    port: 0,
    appUrl: 'http://localhost:3000',
    corsOrigins: ['http://localhost:3000'],
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    devAdmin: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    // Fixed test keys of health data at rest (security/encryption.ts); a test of rotation passes its own.
    dataKeyring: parseDataKeyring(`test1:${Buffer.alloc(32, 1).toString('base64')}`, Buffer.alloc(32, 2).toString('base64')),
    tokenTtlSeconds: 3600,
    resetTokenTtlSeconds: 3600,
    setPasswordTokenTtlSeconds: 7 * 24 * 3600,
    jsonLimitBytes: 1024 * 1024,
    uploadFileLimitBytes: 1024 * 1024,
    uploadMaxFiles: 5,
    smtpUrl: null,
    mailFrom: 'Klinik <no-reply@klinik.test>',
    logLevel: 'info',
    // Every test registers (and confirms, fixtures.ts registerAndLogin) its clinics from 127.0.0.1; rate-limits.test.ts
    // checks the real limits of both.
    rateLimits: { ...DEFAULT_RATE_LIMITS, register: { points: 100_000, durationSeconds: 3600 }, confirmEmail: { points: 100_000, durationSeconds: 3600 } },
    trustProxyHops: 0,
    devRoutes: true,
    host: '127.0.0.1',
    blobDir: path.join(tmpdir(), 'klinik-test-blobs'),
    // Each test API its own journal folder: a replay at start stores only its own API's rows.
    accessLogDir: mkdtempSync(path.join(tmpdir(), 'klinik-test-access-log-')),
    blobStore: 'local',
    s3: null,
    blobUrlTtlSeconds: 600,
    googleDriveClientId: null,
    // As configFromEnv decides without a client id: the sandbox outside production, none in production.
    driveProvider: overrides.production ? 'none' : 'sandbox',
    driveRedirectUri: 'http://localhost:3000/Klientdata/google-drive',
    googleDrive: null,
    paymentsProvider: 'sandbox',
    paymentsWebhookSecret: 'test-webhook-secret',
    frisbii: null,
    // Nothing answers there: a test of a clinic's Frisbii account names its own stand-in.
    merchantFrisbii: { apiUrl: 'http://127.0.0.1:9', checkoutUrl: 'http://127.0.0.1:9' },
    // As configFromEnv decides: the sandbox outside production, none in production unless a test names one.
    accountingProvider: overrides.production ? 'none' : 'sandbox',
    accountingRedirectUri: 'http://localhost:3000/payment/dinero-verification',
    dinero: null,
    smsProvider: 'outbox',
    gatewayapi: null,
    smsSender: 'Klinik',
    // The tests run the message jobs themselves (runMessageJobs) instead of on a timer.
    messageJobs: { everyMs: 0, batchSize: 50, leaseMs: 120_000, concurrency: 5 },
    ...overrides,
  };
}

export async function startTestApi(overrides: Partial<ApiConfig> = {}, options: { uri?: (databaseUri: string) => string } = {}): Promise<TestApi> {
  const databaseUri = process.env.KLINIK_TEST_MONGODB_URI;
  const uri = databaseUri && options.uri ? options.uri(databaseUri) : databaseUri;
  if (!uri) throw new Error('KLINIK_TEST_MONGODB_URI is not set: run the api tests through jest (global setup)');
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const conn = await connectDatabase(uri, dbName);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const config = testConfig(overrides);
  const clock = createTestClock();
  let api: KlinikApi;
  try {
    api = await createApi({ config, conn, logger: createLogger(config.logLevel, sink), clock });
  } catch (error) {
    // An API that refuses to start (a test proves it does) must not leave its connection open.
    await conn.close();
    throw error;
  }
  const handle = api.app.callback(); // what Koa's own listen() serves; it answers its errors itself
  const server: Server = createServer((request, response) => void handle(request, response));
  const url = `${await listenLocally(server)}/api`;

  async function post(body: unknown, init: { headers?: Record<string, string>; raw?: boolean } = {}): Promise<Answer> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.raw ? (body as string) : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { message: text };
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  return {
    url,
    api,
    clock,
    logs,
    config,
    models: inspectionModels(api.services.models),
    call: (action, input, token) => post({ ...input, action, ...(token ? { token } : {}) }) as never,
    post,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await api.close();
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    },
  };
}
