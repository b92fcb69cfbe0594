/**
 * The blob store on an S3-compatible bucket (BLOB_STORE=s3; docs/decisions/0020-the-api-serves-blobs-itself.md):
 * AWS S3, or MinIO and the like through S3_ENDPOINT. Every API process reads and writes the same bucket, so any
 * process can serve any blob at `/blobs/<key>`; the bucket itself is never shown to a browser (no public access, no
 * presigned addresses), so the signed-address scheme, the CSP and the storage ledger stay as they are with the
 * local store.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { messages } from '@klinik/core/rules';
import { ServiceUnavailableError } from '../../errors.js';
import { assertStorableKey, type BlobStore } from './index.js';

export interface S3BlobStoreOptions {
  bucket: string;
  /** MinIO, Ceph, a test server…; AWS's own endpoint for the region when not given. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default chain (environment, profile, instance or task role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: what MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Keys are stored as `<prefix><key>`, so one bucket can hold several environments. */
  prefix?: string;
  /** Asks the store to encrypt each object at rest ('AES256' or 'aws:kms'); the bucket's default otherwise. */
  serverSideEncryption?: 'AES256' | 'aws:kms';
  /** The KMS key for 'aws:kms' (the account's default S3 key when not given). */
  kmsKeyId?: string;
  /** Limits of each attempt: 3 s to connect, 15 s for the answer unless given (a test of a hanging store gives less). */
  timeouts?: { connectMs: number; requestMs: number };
}

/** The store may be built with a client of the caller's (tests look at the bucket through the same settings). */
export function s3ClientConfig(
  options: Pick<S3BlobStoreOptions, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle' | 'timeouts'>,
): S3ClientConfig {
  const { connectMs, requestMs } = options.timeouts ?? { connectMs: 3_000, requestMs: 15_000 };
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    // The SDK's standard retries (3 attempts with jittered back-off, for throttling, 5xx and network errors); the
    // timeouts bound each attempt, so a request waiting on a store that hangs ends in well under a minute.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: connectMs, requestTimeout: requestMs, throwOnRequestTimeout: true },
    // Checksums only where S3 demands one: the default (a CRC32 trailer on every upload) is refused by several
    // S3-compatible servers, and the SigV4 signature already covers the payload's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

interface SdkError {
  name?: unknown;
  code?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

function httpStatusOf(error: unknown): number | undefined {
  const status = (error as SdkError | null)?.$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Whether the store could not be reached or is failing right now (after the SDK's retries): no answer at all, a
 * timeout, throttling or a 5xx. Such a call answers 503 and can be repeated. Anything else (no such bucket, access
 * denied, a bad signature) is a fault of our configuration and stays a 500 that is logged as one.
 */
export function isBlobStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const status = httpStatusOf(error);
  if (status !== undefined) return status >= 500 || status === 429;
  const { name, code, message } = error as SdkError & { message?: unknown };
  if (name === 'TimeoutError' || name === 'RequestTimeout') return true;
  if (typeof code === 'string' && NETWORK_FAILURE.test(code)) return true;
  // The SDK's retry step re-wraps an error that is not an Error of its own realm (Node's socket errors under jest's
  // VM modules) into a plain Error that keeps only the text: 'AWS SDK error wrapper for Error: connect ECONNREFUSED…'.
  return typeof message === 'string' && NETWORK_FAILURE.test(message);
}

const NETWORK_FAILURE = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b|socket hang up/;

/** 503 with a message a user can read, keeping the SDK's error as the cause for the log. */
export class BlobStoreUnavailableError extends ServiceUnavailableError {
  constructor(cause: unknown) {
    super(messages.fileStoreUnavailable);
    this.cause = cause;
  }
}

function rethrow(error: unknown): never {
  throw isBlobStoreUnavailable(error) ? new BlobStoreUnavailableError(error) : error;
}

export function createS3BlobStore(options: S3BlobStoreOptions, client = new S3Client(s3ClientConfig(options))): BlobStore {
  const prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
  const objectOf = (key: string) => {
    assertStorableKey(key);
    return `${prefix}${key}`;
  };
  return {
    async put(key, data) {
      const Key = objectOf(key);
      // An object appears whole or not at all, so a cut-off upload never leaves half an image; the image record
      // turns 'ready' only after both puts (domain/images).
      await client
        .send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: data,
            ContentLength: data.length,
            // Every file is stored encrypted by the API (images too; it decrypts as it serves them), never an image.
            ContentType: 'application/octet-stream',
            ServerSideEncryption: options.serverSideEncryption,
            SSEKMSKeyId: options.serverSideEncryption === 'aws:kms' ? options.kmsKeyId : undefined,
          }),
        )
        .catch(rethrow);
    },
    async get(key) {
      const Key = objectOf(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        // A missing object is an answer (404); a missing bucket is a configuration fault and must not read as one.
        const name = (error as SdkError).name;
        if (name === 'NoSuchKey' || (httpStatusOf(error) === 404 && name !== 'NoSuchBucket')) return null;
        return rethrow(error);
      }
    },
    async delete(key) {
      const Key = objectOf(key);
      // S3 answers 204 for a key that is not there: deleting twice is safe, as with the local store.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key })).catch(rethrow);
    },
  };
}
