/**
 * Configuration from the environment. Everything the API needs is read here once and passed down, so tests can
 * build an app with their own settings and nothing reads process.env deep inside the code.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTING_RETURN_PATH, actions, DRIVE_RETURN_PATH, type RateLimitRule } from '@klinik/core';
import type { S3BlobStoreOptions } from './adapters/blobs/s3.js';
import { trustedProxyHops } from './security/client-address.js';
import { newDataKeyEntry, parseDataKeyring, type DataKeyring } from './security/encryption.js';

export type { RateLimitRule } from '@klinik/core';

export interface ApiConfig {
  production: boolean;
  port: number;
  /** Public address of the shell, for links in mails. */
  appUrl: string;
  /** Origins allowed by CORS: the shell and the remotes. */
  corsOrigins: string[];
  jwtSecret: string;
  /**
   * Development only: the named administrator `npm start` keeps (domain/accounts/administrators.ts), from
   * ADMIN_USERNAME/ADMIN_PASSWORD or the generated secrets. Null in production: administrators are made with
   * `npm run admin:add`, each with its own password.
   */
  devAdmin: { username: string; password: string } | null;
  /**
   * The keys of health data at rest (security/encryption.ts): DATA_ENCRYPTION_KEYS (`id:base64,…`, oldest first, the
   * last encrypts) and CPR_HASH_KEY; required in production, generated into `.data/secrets.json` in development.
   */
  dataKeyring: DataKeyring;
  /** Lifetime of therapist, admin and team tokens, in seconds. */
  tokenTtlSeconds: number;
  /** Reset links expire after this many seconds. */
  resetTokenTtlSeconds: number;
  /** Set-password links for invited therapists expire after this many seconds. */
  setPasswordTokenTtlSeconds: number;
  /** JSON body limit in bytes. */
  jsonLimitBytes: number;
  /** Multipart limits. */
  uploadFileLimitBytes: number;
  uploadMaxFiles: number;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: string;
  /**
   * The rate-limit rules by name (DEFAULT_RATE_LIMITS: each action's declared `rateLimit` under its name, per
   * address, and the named budgets the domain spends); a test or RATE_LIMIT_SCALE may change their numbers.
   */
  rateLimits: Record<string, RateLimitRule>;
  /**
   * TRUST_PROXY: how many proxies in front of the API append to X-Forwarded-For. 0 (the default): the socket's
   * address is the caller; N: the N-th entry from the right (security/client-address.ts).
   */
  trustProxyHops: number;
  /**
   * Development routes (`/dev/clock`, `/dev/outbox`, the sandbox's fail-next-renewal): only when KLINIK_DEV_ROUTES=1
   * (set by `npm start` and the test stacks), never merely because NODE_ENV is not 'production'; never in production.
   */
  devRoutes: boolean;
  /** The address the API listens on: API_HOST, else 127.0.0.1 in development (not reachable from the network). */
  host: string;
  /** The local blob store's folder (images and uploaded files) when `blobStore` is 'local' (BLOB_DIR). */
  blobDir: string;
  /**
   * The access log's journal on this machine (ACCESS_LOG_DIR, else `<dataDir>/access-log`): reads are written here
   * before their answer and moved to the database in batches (data/access-log-writer.ts). On a persistent disk.
   */
  accessLogDir: string;
  /**
   * Where images and uploaded files live (BLOB_STORE): 'local' (the default: files under `blobDir`, one machine) or
   * 's3' (an S3-compatible bucket shared by every API process, `s3` below; adapters/blobs/s3.ts).
   */
  blobStore: 'local' | 's3';
  /**
   * The bucket when `blobStore` is 's3': S3_BUCKET (required), S3_REGION (default eu-north-1), S3_ENDPOINT (MinIO and
   * other S3-compatible servers; AWS's endpoint for the region when not set), S3_FORCE_PATH_STYLE=true (MinIO),
   * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (both or neither: the SDK's default credential chain otherwise, such as
   * an instance or task role), S3_PREFIX (keys stored under it), S3_SSE (AES256 or aws:kms: encryption at rest
   * asked for on every object) and S3_SSE_KMS_KEY_ID.
   */
  s3: S3BlobStoreOptions | null;
  /** Lifetime of a signed image address, in seconds. */
  blobUrlTtlSeconds: number;
  /** The Google Drive OAuth client id (GOOGLE_DRIVE_CLIENT_ID); set, it makes Google the drive provider. */
  googleDriveClientId: string | null;
  /**
   * The cloud drive (adapters/drive/): 'google' (GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET),
   * 'sandbox' (the local default without a client id outside production; refused in production) or 'none' (the
   * panel stays hidden). DRIVE_PROVIDER names one explicitly.
   */
  driveProvider: 'google' | 'sandbox' | 'none';
  /** Where the consent page returns to: the drive return page (registered as the OAuth client's redirect address). */
  driveRedirectUri: string;
  /** Google's OAuth client and addresses, when it is the provider (the addresses can point at a test double). */
  googleDrive: GoogleDriveConfig | null;
  /**
   * The payment provider: 'sandbox' (the local default, refused in production), 'frisbii' (production: Frisbii's,
   * formerly Reepay's, API; needs FRISBII_PRIVATE_KEY and PAYMENTS_WEBHOOK_SECRET) or 'none' (payments answer that
   * they are unavailable).
   */
  paymentsProvider: 'sandbox' | 'frisbii' | 'none';
  /** The secret webhook signatures are made with (HMAC-SHA256; the sandbox signs the body, Frisbii `timestamp + id`). */
  paymentsWebhookSecret: string;
  /** Frisbii's account key and addresses, when it is the provider. */
  frisbii: { privateKey: string; apiUrl: string; checkoutUrl: string } | null;
  /**
   * Frisbii's addresses for the clinics' own accounts (booking payments; each clinic brings its own key): the same
   * FRISBII_API_URL and FRISBII_CHECKOUT_URL, so a test double serves both.
   */
  merchantFrisbii: { apiUrl: string; checkoutUrl: string };
  /**
   * The accounting system: 'sandbox' (the local default, refused in production), 'dinero' (production: Visma Connect
   * and Dinero's API; needs DINERO_CLIENT_ID and DINERO_CLIENT_SECRET) or 'none' (the integration answers 503).
   */
  accountingProvider: 'sandbox' | 'dinero' | 'none';
  /** Where the consent page returns to: the shell's accounting return route (registered at Visma Connect). */
  accountingRedirectUri: string;
  /** Dinero's client and addresses, when it is the provider. */
  dinero: DineroConfig | null;
  /**
   * SMS (adapters/sms/): 'outbox' (the local default, refused in production: messages shown at
   * /dev/outbox), 'gatewayapi' (production: needs GATEWAYAPI_TOKEN) or 'none' (every SMS fails as unavailable).
   */
  smsProvider: 'outbox' | 'gatewayapi' | 'none';
  /** GatewayAPI's token and address (GATEWAYAPI_URL, for tests a local gateway), when it is the provider. */
  gatewayapi: { token: string; url: string } | null;
  /** The sender name on SMS (SMS_SENDER; at most 11 letters or digits). */
  smsSender: string;
  /** The message jobs (jobs/messages.ts): how often a runner looks for due messages, and how many it takes at once. */
  messageJobs: { everyMs: number; batchSize: number; leaseMs: number; concurrency: number };
}

export interface GoogleDriveConfig {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com/o/oauth2/v2/auth */
  authUrl: string;
  /** https://oauth2.googleapis.com (token and revoke) */
  oauthUrl: string;
  /** https://www.googleapis.com (drive/v3 and upload/drive/v3) */
  apiUrl: string;
}

export interface DineroConfig {
  clientId: string;
  clientSecret: string;
  /** e.g. https://connect.visma.com */
  connectUrl: string;
  /** e.g. https://api.dinero.dk */
  apiUrl: string;
  /** Dinero's sales accounts for lines with and without VAT (the standard chart's 1000 and 1010 unless configured). */
  accountWithVat: number;
  accountWithoutVat: number;
}

/**
 * What a clinic's messages may cost the platform, per day (domain/contact/outbound.ts; docs/security.md, 'What a
 * clinic's messages may cost'). Windows are fixed UTC days. Each number is far above what a real clinic sends.
 */
const DAY_SECONDS = 24 * 60 * 60;
const MESSAGE_BUDGETS: Record<string, RateLimitRule> = {
  // SMS per clinic: a busy five-therapist clinic sends about 80 reminders a day; 300 leaves room for course days.
  'sms:company': { points: 300, durationSeconds: DAY_SECONDS },
  // SMS per destination number (counted across clinics): a booking's and a course day's reminder, or a family on one phone.
  'sms:number': { points: 4, durationSeconds: DAY_SECONDS },
  // Mail recipients per clinic, across every mail it originates. A clinic on trial mails its first clients (forms,
  // invoices, confirmations, a small newsletter); once it pays, a newsletter to a few thousand clients goes in a day
  // (a larger one goes on the next day: the runner waits for the next window instead of dropping it).
  'mail:trial': { points: 100, durationSeconds: DAY_SECONDS },
  'mail:paid': { points: 5000, durationSeconds: DAY_SECONDS },
  // Mails the public pages make to an address typed there (booking confirmations, course seats, sign-up links): per
  // clinic and recipient (a parent booking for three children gets every mail), and per recipient across clinics.
  'publicMail:recipient': { points: 5, durationSeconds: DAY_SECONDS },
  'publicMail:recipientPlatform': { points: 20, durationSeconds: DAY_SECONDS },
  // Public submissions (bookings, course sign-ups, intake forms without the clinic's link) per clinic and e-mail, and per
  // clinic and CPR number, whatever they turn out to be (domain/online-booking/public-identity.ts): a family books a
  // few times a day; a stranger probing who is a client gets the same answers for everyone.
  'publicSubmission:email': { points: 10, durationSeconds: DAY_SECONDS },
  'publicSubmission:cpr': { points: 10, durationSeconds: DAY_SECONDS },
  // A newsletter sign-up link to one address, per clinic (the link is valid for a week; a second covers a lost mail).
  'newsletterSignup:recipient': { points: 2, durationSeconds: DAY_SECONDS },
  // Invitations of colleagues per clinic (a clinic has at most five therapists; adding, deleting and adding again counts each).
  'invite:company': { points: 20, durationSeconds: DAY_SECONDS },
  // A clinic past a cap is logged and shown to the administrator once a day (domain/contact/outbound.ts noteCapReached).
  'messageCap:note': { points: 1, durationSeconds: DAY_SECONDS },
  // The owner hears about a long review queue at most once a week.
  'reviewQueue:mail': { points: 1, durationSeconds: 7 * DAY_SECONDS },
};

/**
 * Named allowances the domain spends itself, beside the per-address limits the actions declare (`rateLimit` on
 * their contracts in core/src/actions/): per account, per clinic, per mail.
 */
const DOMAIN_RATE_LIMITS: Record<string, RateLimitRule> = {
  // Sign-in per account and address prefix (or per known device) in domain/accounts/throttle.ts: 10 wrong passwords
  // in a row without waiting, then 1, 2, 4 … minutes between attempts, at most an hour; a right password or a reset
  // from a link clears it. A day's series restarts at 00 UTC.
  'signin:account': { points: 10, durationSeconds: 24 * 60 * 60, backoff: { firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 } },
  'signin:device': { points: 10, durationSeconds: 24 * 60 * 60, backoff: { firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 } },
  // Wrong passwords at one account from anywhere: past 20 in an hour the owner gets a mail, at most one an hour.
  'signin:failures': { points: 20, durationSeconds: 60 * 60 },
  'signin:alert': { points: 1, durationSeconds: 60 * 60 },
  // A fresh confirmation link when an unconfirmed clinic tries to mail a client: one per clinic in ten minutes.
  'confirmEmail:resend': { points: 1, durationSeconds: 10 * 60 },
  // Reset mails per account (one in five minutes: a request in between answers alike and mails nothing, the owner
  // has the link just mailed); the requests themselves are limited per address by resetPassword's contract.
  'resetPassword:mail': { points: 1, durationSeconds: 5 * 60 },
  // The signed-in therapist's own password, asked by checkPassword and by setPassword (one allowance for both).
  'checkPassword:account': { points: 10, durationSeconds: 15 * 60 },
  // Newsletter sendings per clinic and day (domain/contact).
  'newsletterSend:company': { points: 50, durationSeconds: 24 * 60 * 60 },
  // Invoice mails per clinic (consumed in domain/invoices/mail.ts with the company id), so many addresses do not add up.
  'invoiceMail:company': { points: 300, durationSeconds: 24 * 60 * 60 },
  // The therapist's calendar feed (endpoint/calendar-feed.ts). Per secret: a phone polls every 5 to 15 minutes, so 30 an
  // hour leaves room for a few devices. Per address: a calendar service fetches many people's feeds from few
  // addresses, so the address allowance is wide; it is there to make guessing secrets slow, not to meter use.
  'calendarFeed:token': { points: 30, durationSeconds: 60 * 60 },
  'calendarFeed:address': { points: 600, durationSeconds: 60 * 60 },
  ...MESSAGE_BUDGETS,
};

/** Each action's declared limit per caller address, under the action's name (the dispatcher consumes it by that name). */
function declaredRateLimits(): Record<string, RateLimitRule> {
  return Object.fromEntries(Object.entries(actions).flatMap(([name, contract]) => (contract.rateLimit ? [[name, contract.rateLimit]] : [])));
}

/** Every rule, by name: the actions' own (from their contracts) and the domain's named allowances. */
export const DEFAULT_RATE_LIMITS: Record<string, RateLimitRule> = { ...declaredRateLimits(), ...DOMAIN_RATE_LIMITS };

/** The development administrator's username (its password is generated into `.data/secrets.json`). */
export const DEV_ADMIN_USERNAME = 'admin';

export const DEFAULT_DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

interface DevSecrets {
  jwtSecret: string;
  adminPassword: string;
  /** DATA_ENCRYPTION_KEYS and CPR_HASH_KEY of development (added to an older secrets file on first use). */
  dataEncryptionKeys: string;
  cprHashKey: string;
}

function withDataKeys(secrets: Partial<DevSecrets>): { secrets: DevSecrets; added: boolean } {
  const added = typeof secrets.dataEncryptionKeys !== 'string' || typeof secrets.cprHashKey !== 'string';
  return {
    added,
    secrets: {
      ...(secrets as DevSecrets),
      dataEncryptionKeys: secrets.dataEncryptionKeys ?? newDataKeyEntry('dev1'),
      cprHashKey: secrets.cprHashKey ?? randomBytes(32).toString('base64'),
    },
  };
}

/** The development secrets file of a data folder (keys, JWT secret, administrator password). */
export function devSecretsFile(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

/** The local blob store's folder: BLOB_DIR, else `<dataDir>/blobs` (the backup copies the same folder). */
export function blobDirOf(env: NodeJS.ProcessEnv, dataDir: string): string {
  return path.resolve(env.BLOB_DIR ?? path.join(dataDir, 'blobs'));
}

/**
 * Development secrets, generated once into `<dataDir>/secrets.json` (never committed) so that tokens survive a
 * restart and the administrator password stays the same between `npm start`s.
 */
export function loadOrCreateDevSecrets(dataDir: string): DevSecrets & { created: boolean; file: string } {
  const file = devSecretsFile(dataDir);
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>;
    if (typeof parsed.jwtSecret === 'string' && typeof parsed.adminPassword === 'string') {
      // The data keys must never be regenerated once data was written with them: they are added once and kept.
      const { secrets, added } = withDataKeys(parsed);
      if (added) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
      return { ...secrets, created: false, file };
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const { secrets } = withDataKeys({
    jwtSecret: randomBytes(48).toString('base64url'),
    adminPassword: randomBytes(9).toString('base64url'),
  });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { ...secrets, created: true, file };
}

/** RATE_LIMIT_SCALE multiplies every allowance (the benchmarks sign in thousands of times from one address). */
function scaledRateLimits(scale: number): Record<string, RateLimitRule> {
  const factor = Number.isFinite(scale) && scale >= 1 ? scale : 1;
  return Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * factor }]));
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function blobStoreFromEnv(value: string | undefined): 'local' | 's3' {
  if (!value || value === 'local') return 'local';
  if (value === 's3') return 's3';
  // A typo must not quietly put a production's images on one machine's disk.
  throw new Error(`BLOB_STORE must be local or s3, not '${value}'`);
}

/** The bucket of BLOB_STORE=s3; refuses to start without one, or with half a key pair (docs in ApiConfig.s3). */
function s3FromEnv(env: NodeJS.ProcessEnv): S3BlobStoreOptions {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('BLOB_STORE=s3 needs S3_BUCKET (the bucket that holds the images and uploaded files)');
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both out for the SDK\'s default credentials)');
  }
  const sse = env.S3_SSE || undefined;
  if (sse !== undefined && sse !== 'AES256' && sse !== 'aws:kms') throw new Error(`S3_SSE must be AES256 or aws:kms, not '${sse}'`);
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', 'true', 'false', '1', '0'].includes(forcePathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not '${forcePathStyle}'`);
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'eu-north-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: forcePathStyle === 'true' || forcePathStyle === '1',
    prefix: env.S3_PREFIX || undefined,
    serverSideEncryption: sse,
    kmsKeyId: env.S3_SSE_KMS_KEY_ID || undefined,
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv, dataDir: string): ApiConfig {
  const production = env.NODE_ENV === 'production';
  let jwtSecret = env.JWT_SECRET ?? '';
  let adminPassword = env.ADMIN_PASSWORD ?? '';
  let dataEncryptionKeys = env.DATA_ENCRYPTION_KEYS ?? '';
  let cprHashKey = env.CPR_HASH_KEY ?? '';
  if (production) {
    if (jwtSecret.length < 32) throw new Error('JWT_SECRET (at least 32 characters) must be set in production');
    // ADMIN_PASSWORD is not read in production: there is no shared administrator secret (npm run admin:add).
    if (!dataEncryptionKeys || !cprHashKey) throw new Error('DATA_ENCRYPTION_KEYS and CPR_HASH_KEY must be set in production (docs/security.md, Health data at rest)');
  } else if (!jwtSecret || !adminPassword || !dataEncryptionKeys || !cprHashKey) {
    const secrets = loadOrCreateDevSecrets(dataDir);
    jwtSecret ||= secrets.jwtSecret;
    adminPassword ||= secrets.adminPassword;
    dataEncryptionKeys ||= secrets.dataEncryptionKeys;
    cprHashKey ||= secrets.cprHashKey;
  }
  // A malformed key stops the start with a message saying what to fix (parseDataKeyring throws).
  const dataKeyring = parseDataKeyring(dataEncryptionKeys, cprHashKey);
  const paymentsProvider = env.PAYMENTS_PROVIDER === 'sandbox' || env.PAYMENTS_PROVIDER === 'frisbii' ? env.PAYMENTS_PROVIDER : !production && !env.PAYMENTS_PROVIDER ? 'sandbox' : 'none';
  if (paymentsProvider === 'frisbii') {
    // A real provider's money moves on these: never a derived or empty secret.
    if (!env.FRISBII_PRIVATE_KEY) throw new Error('PAYMENTS_PROVIDER=frisbii needs FRISBII_PRIVATE_KEY (the account\'s private API key)');
    if ((env.PAYMENTS_WEBHOOK_SECRET ?? '').length < 16) throw new Error('PAYMENTS_PROVIDER=frisbii needs PAYMENTS_WEBHOOK_SECRET (the webhook secret of the account)');
  }
  const accountingProvider = env.ACCOUNTING_PROVIDER === 'sandbox' || env.ACCOUNTING_PROVIDER === 'dinero' ? env.ACCOUNTING_PROVIDER : !production && !env.ACCOUNTING_PROVIDER ? 'sandbox' : 'none';
  if (accountingProvider === 'dinero' && (!env.DINERO_CLIENT_ID || !env.DINERO_CLIENT_SECRET)) {
    throw new Error('ACCOUNTING_PROVIDER=dinero needs DINERO_CLIENT_ID and DINERO_CLIENT_SECRET (the Visma Connect client)');
  }
  const appUrl = (env.APP_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const driveProvider = env.DRIVE_PROVIDER === 'google' || env.DRIVE_PROVIDER === 'sandbox' || env.DRIVE_PROVIDER === 'none'
    ? env.DRIVE_PROVIDER
    : env.GOOGLE_DRIVE_CLIENT_ID ? 'google' : production ? 'none' : 'sandbox';
  if (driveProvider === 'google' && (!env.GOOGLE_DRIVE_CLIENT_ID || !env.GOOGLE_DRIVE_CLIENT_SECRET)) {
    throw new Error('The Google Drive provider needs GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET (the OAuth web client)');
  }
  if (driveProvider === 'sandbox' && production) throw new Error('DRIVE_PROVIDER=sandbox is for development only; configure GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET (or none) in production');
  const smsProvider = env.SMS_PROVIDER === 'outbox' || env.SMS_PROVIDER === 'gatewayapi' || env.SMS_PROVIDER === 'none' ? env.SMS_PROVIDER : production ? 'none' : 'outbox';
  if (smsProvider === 'outbox' && production) throw new Error('SMS_PROVIDER=outbox is for development only; use gatewayapi (or none) in production');
  if (smsProvider === 'gatewayapi' && !env.GATEWAYAPI_TOKEN) throw new Error('SMS_PROVIDER=gatewayapi needs GATEWAYAPI_TOKEN (the account\'s API token)');
  const blobStore = blobStoreFromEnv(env.BLOB_STORE);
  return {
    production,
    port: intFrom(env.PORT ?? env.API_PORT, 4000),
    appUrl: (env.APP_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean) : DEFAULT_DEV_ORIGINS,
    jwtSecret,
    devAdmin: production ? null : { username: env.ADMIN_USERNAME || DEV_ADMIN_USERNAME, password: adminPassword },
    dataKeyring,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 12 * 60 * 60),
    resetTokenTtlSeconds: intFrom(env.RESET_TOKEN_TTL_SECONDS, 60 * 60),
    setPasswordTokenTtlSeconds: intFrom(env.SET_PASSWORD_TOKEN_TTL_SECONDS, 7 * 24 * 60 * 60),
    jsonLimitBytes: intFrom(env.JSON_LIMIT_BYTES, 1024 * 1024),
    // 25 MiB: the support team's upload of a clinic's old data; images and logos have lower limits of their own.
    uploadFileLimitBytes: intFrom(env.UPLOAD_FILE_LIMIT_BYTES, 25 * 1024 * 1024),
    uploadMaxFiles: intFrom(env.UPLOAD_MAX_FILES, 20),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Klinik <no-reply@klinik.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimits: scaledRateLimits(Number(env.RATE_LIMIT_SCALE ?? '1')),
    trustProxyHops: trustedProxyHops(env.TRUST_PROXY),
    devRoutes: !production && env.KLINIK_DEV_ROUTES === '1',
    host: env.API_HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    blobDir: blobDirOf(env, dataDir),
    accessLogDir: path.resolve(env.ACCESS_LOG_DIR ?? path.join(dataDir, 'access-log')),
    blobStore,
    s3: blobStore === 's3' ? s3FromEnv(env) : null,
    blobUrlTtlSeconds: intFrom(env.BLOB_URL_TTL_SECONDS, 10 * 60),
    googleDriveClientId: env.GOOGLE_DRIVE_CLIENT_ID || null,
    driveProvider,
    driveRedirectUri: env.GOOGLE_DRIVE_REDIRECT_URI || `${appUrl}${DRIVE_RETURN_PATH}`,
    googleDrive: driveProvider === 'google'
      ? {
          clientId: env.GOOGLE_DRIVE_CLIENT_ID ?? '',
          clientSecret: env.GOOGLE_DRIVE_CLIENT_SECRET ?? '',
          authUrl: env.GOOGLE_OAUTH_AUTH_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
          oauthUrl: (env.GOOGLE_OAUTH_URL || 'https://oauth2.googleapis.com').replace(/\/$/, ''),
          apiUrl: (env.GOOGLE_API_URL || 'https://www.googleapis.com').replace(/\/$/, ''),
        }
      : null,
    paymentsProvider,
    paymentsWebhookSecret: env.PAYMENTS_WEBHOOK_SECRET || createHmac('sha256', jwtSecret).update('payments-webhook').digest('hex'),
    frisbii: paymentsProvider === 'frisbii'
      ? {
          privateKey: env.FRISBII_PRIVATE_KEY ?? '',
          apiUrl: env.FRISBII_API_URL || 'https://api.reepay.com',
          checkoutUrl: env.FRISBII_CHECKOUT_URL || 'https://checkout-api.reepay.com',
        }
      : null,
    merchantFrisbii: { apiUrl: env.FRISBII_API_URL || 'https://api.reepay.com', checkoutUrl: env.FRISBII_CHECKOUT_URL || 'https://checkout-api.reepay.com' },
    accountingProvider,
    accountingRedirectUri: env.DINERO_REDIRECT_URI || `${appUrl}${ACCOUNTING_RETURN_PATH}`,
    dinero: accountingProvider === 'dinero'
      ? {
          clientId: env.DINERO_CLIENT_ID ?? '',
          clientSecret: env.DINERO_CLIENT_SECRET ?? '',
          connectUrl: env.DINERO_CONNECT_URL || 'https://connect.visma.com',
          apiUrl: env.DINERO_API_URL || 'https://api.dinero.dk',
          accountWithVat: intFrom(env.DINERO_ACCOUNT_WITH_VAT, 1000),
          accountWithoutVat: intFrom(env.DINERO_ACCOUNT_WITHOUT_VAT, 1010),
        }
      : null,
    smsProvider,
    gatewayapi: smsProvider === 'gatewayapi' ? { token: env.GATEWAYAPI_TOKEN ?? '', url: (env.GATEWAYAPI_URL || 'https://gatewayapi.com').replace(/\/$/, '') } : null,
    smsSender: (env.SMS_SENDER || 'Klinik').slice(0, 11),
    messageJobs: {
      everyMs: intFrom(env.MESSAGE_JOBS_EVERY_MS, production ? 15_000 : 2_000),
      batchSize: intFrom(env.MESSAGE_JOBS_BATCH, 200),
      leaseMs: intFrom(env.MESSAGE_JOBS_LEASE_MS, 120_000),
      concurrency: intFrom(env.MESSAGE_JOBS_CONCURRENCY, 5),
    },
  };
}
