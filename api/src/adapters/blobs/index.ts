/**
 * The blob store (docs/decisions/0020-the-api-serves-blobs-itself.md): images live outside the database. Locally
 * they are files under `.data/blobs/` (or BLOB_DIR); in production an S3-compatible bucket (`s3.ts`, BLOB_STORE=s3)
 * behind the same interface. Browsers never get a store address: the API serves each blob at `/blobs/<key>` only
 * with a short-lived HMAC signature, minted for the clinic that owns the image (the key starts with its company
 * id). The stores keep bytes as they are given: the callers encrypt them (security/encryption.ts encryptBytes), so
 * every file at rest is ciphertext, and the API decrypts an image as it serves it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** `<companyId>/<imageId>[_800].<ext>`: anything else is refused before it reaches a path. */
const KEY_PATTERN = /^[a-f0-9]{24}\/[a-f0-9]{24}(?:_800)?\.(?:jpg|png|gif)$/;
/** `<companyId>/support-<uploadId>-<n>.enc`: a file the support team uploaded, encrypted (never served to a browser). */
const SUPPORT_KEY_PATTERN = /^[a-f0-9]{24}\/support-[a-f0-9]{24}-\d{1,2}\.enc$/;
/** `<companyId>/import-<runId>-<n>.enc`: a file of an import, encrypted, kept until its run is over (never served). */
const IMPORT_KEY_PATTERN = /^[a-f0-9]{24}\/import-[a-f0-9]{24}-\d{1,2}\.enc$/;

/** An image's key: the only blobs `/blobs/<key>` serves. */
export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function supportFileKey(companyId: string, uploadId: string, index: number): string {
  return `${companyId}/support-${uploadId}-${index}.enc`;
}

export function importFileKey(companyId: string, runId: string, index: number): string {
  return `${companyId}/import-${runId}-${index}.enc`;
}

/**
 * Every store calls this before it touches a key: only the three kinds of key we make are ever a path or an object
 * name, so nothing a request carries can reach `..`, another folder or another prefix of the bucket.
 */
export function assertStorableKey(key: string): void {
  if (!isBlobKey(key) && !SUPPORT_KEY_PATTERN.test(key) && !IMPORT_KEY_PATTERN.test(key)) throw new Error('invalid blob key');
}

/** The type an image is served with (decrypted); support and import files are never served. */
export function contentTypeOfKey(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.gif')) return 'image/gif';
  // Support and import files are encrypted bytes (security/encryption.ts), never an image.
  if (key.endsWith('.enc')) return 'application/octet-stream';
  return 'image/jpeg';
}

export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertStorableKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename would be atomic; a half-written file is never referenced because the image record turns
      // 'ready' only after both puts finished.
      await writeFile(file, data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export interface BlobSigner {
  /** A relative address (`/blobs/<key>?exp=…&sig=…`) valid for the configured lifetime. */
  sign(key: string, now: number): string;
  /** Whether `sig` is a valid signature of `key` until `exp` and `exp` lies ahead. */
  verify(key: string, exp: string, sig: string, now: number): boolean;
}

export function createBlobSigner(secret: string, ttlSeconds: number): BlobSigner {
  const keyed = `blob-url:${secret}`;
  const mac = (key: string, exp: number) => createHmac('sha256', keyed).update(`${key}\n${exp}`).digest('base64url');
  return {
    sign(key, now) {
      // Rounded up to the minute so a page of images gets the same addresses for a while (browser cache).
      const exp = Math.ceil((now + ttlSeconds * 1000) / 60_000) * 60;
      return `/blobs/${key}?exp=${exp}&sig=${mac(key, exp)}`;
    },
    verify(key, exp, sig, now) {
      if (!/^\d{1,12}$/.test(exp) || !isBlobKey(key)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now) return false;
      const expected = Buffer.from(mac(key, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
