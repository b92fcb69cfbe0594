/**
 * The S3 blob store against a real S3 server, MinIO, built once from the Go module proxy and started for
 * this file (devkit/src/blobs/s3-server.ts): the three kinds of key round-trip, a missing key reads as nothing, a bad
 * key never becomes a request, a missing bucket or wrong secret is a fault and a hanging server an outage within the
 * time limits, encryption at rest is asked for when configured; through the real API an image lands in the bucket
 * encrypted with the data key, is served decrypted by its signed address (by a second API on the same bucket too),
 * counts in the storage ledger and leaves the bucket when deleted; the configuration comes from the environment
 * alone; and a stopped store answers 503 without losing anything.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { messages } from '@klinik/core/rules';
import { startS3Server, type S3Server } from '@klinik/devkit/blobs';
import { createBlobStore } from '../src/adapters/blobs/create.js';
import { importFileKey, supportFileKey, type BlobStore } from '../src/adapters/blobs/index.js';
import { BlobStoreUnavailableError, createS3BlobStore, s3ClientConfig } from '../src/adapters/blobs/s3.js';
import { configFromEnv } from '../src/config.js';
import { decryptBytes, keyIdOfBytes } from '../src/security/encryption.js';
import { clientWithJournal } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let s3: S3Server;
let dataDir: string;
let bucket: S3Client;
let t: TestApi;

beforeAll(async () => {
  // Our own data folder, so the outage test can start the server again on the same objects.
  dataDir = mkdtempSync(path.join(tmpdir(), 'klinik-s3-test-'));
  // The first run on a machine builds MinIO (minutes with cold Go caches; docs/performance.md, 'Build and test'):
  // hence the long limit.
  s3 = await startS3Server({ dataDir, log: (line) => console.log(`[s3] ${line}`) });
  bucket = new S3Client(s3ClientConfig(s3.store));
  t = await startTestApi({ blobStore: 's3', s3: s3.store, uploadFileLimitBytes: 10 * 1024 * 1024, uploadMaxFiles: 20 });
}, 30 * 60_000);

afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const objectId = () => hex(12);

async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

describe('the S3 store', () => {
  it('round-trips images, previews, support and import files under its prefix; a missing key is null; deleting twice is fine', async () => {
    const prefix = `env-${hex(4)}`;
    const store = createS3BlobStore({ ...s3.store, prefix });
    const company = objectId();
    const image = objectId();
    const cases: [key: string][] = [
      [`${company}/${image}.png`],
      [`${company}/${image}_800.jpg`],
      [`${company}/${objectId()}.gif`],
      [supportFileKey(company, objectId(), 0)],
      [importFileKey(company, objectId(), 12)],
    ];
    for (const [key] of cases) expect(await store.get(key)).toBeNull();
    for (const [key] of cases) await store.put(key, Buffer.from(`bytes of ${key}`));
    for (const [key] of cases) {
      expect((await store.get(key))?.toString()).toBe(`bytes of ${key}`);
      // Every object is bytes the API encrypted (images too: it decrypts them as it serves them), never an image.
      const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${key}` }));
      expect(head.ContentType).toBe('application/octet-stream');
    }
    expect(await objectsUnder(`${prefix}/`)).toEqual(cases.map(([key]) => `${prefix}/${key}`).sort());

    // Overwritten whole (an edit stores the same key again).
    await store.put(cases[0]![0], Buffer.alloc(3 * 1024 * 1024, 7));
    expect((await store.get(cases[0]![0]))!.equals(Buffer.alloc(3 * 1024 * 1024, 7))).toBe(true);

    for (const [key] of cases) await store.delete(key);
    for (const [key] of cases) await store.delete(key);
    for (const [key] of cases) expect(await store.get(key)).toBeNull();
    expect(await objectsUnder(`${prefix}/`)).toEqual([]);
  });

  it('takes a missing bucket or a wrong secret for a fault of the configuration, never for a missing key or an outage', async () => {
    const key = `${objectId()}/${objectId()}.jpg`;
    for (const store of [createS3BlobStore({ ...s3.store, bucket: 'ingen-spand' }), createS3BlobStore({ ...s3.store, secretAccessKey: 'forkert-hemmelighed' })]) {
      await expect(store.get(key)).rejects.not.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.put(key, Buffer.from('x'))).rejects.not.toBeInstanceOf(BlobStoreUnavailableError);
    }
  });

  it('gives up on a store that hangs within its time limits, as an outage (503), not a request that waits for ever', async () => {
    const store = createS3BlobStore({ ...s3.store, timeouts: { connectMs: 500, requestMs: 1000 } });
    const key = `${objectId()}/${objectId()}.jpg`;
    // Paused, the server still accepts connections (the kernel does) but never answers.
    await s3.pause();
    const started = Date.now();
    try {
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
    } finally {
      s3.resume();
    }
    // Three attempts of at most a second each, and the SDK's short back-off between them.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await store.get(key)).toBeNull();
  });

  it('asks the server to encrypt each object at rest when S3_SSE is set', async () => {
    const key = `${objectId()}/${objectId()}.jpg`;
    const plain = createS3BlobStore(s3.store);
    const encrypted = createS3BlobStore({ ...s3.store, serverSideEncryption: 'AES256' });
    await plain.put(key, Buffer.from('klar'));
    expect((await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ServerSideEncryption).toBeUndefined();
    await encrypted.put(key, Buffer.from('krypteret'));
    expect((await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ServerSideEncryption).toBe('AES256');
    // Read back decrypted, by either store (decryption of SSE-S3 needs no header).
    expect((await plain.get(key))?.toString()).toBe('krypteret');
    await plain.delete(key);
  });

  it('refuses a key that is not one of ours before any request reaches the bucket', async () => {
    const client = new S3Client(s3ClientConfig(s3.store));
    let requests = 0;
    client.middlewareStack.add(
      (next) => (args) => {
        requests += 1;
        return next(args);
      },
      { step: 'initialize', name: 'countRequests' },
    );
    const store = createS3BlobStore(s3.store, client);
    const company = objectId();
    const bad = [
      '',
      `${company}/../${objectId()}.jpg`,
      `../${company}/${objectId()}.jpg`,
      `${company}/${objectId()}.jpg/../../x`,
      `${company}/${objectId()}.exe`,
      `${company}/${objectId()}.enc`,
      `${company}%2F${objectId()}.jpg`,
      `${company}/support-${objectId()}-123.enc`,
      `/${company}/${objectId()}.jpg`,
      `${company.toUpperCase()}/${objectId()}.jpg`,
    ];
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid blob key');
      await expect(store.get(key)).rejects.toThrow('invalid blob key');
      await expect(store.delete(key)).rejects.toThrow('invalid blob key');
    }
    expect(requests).toBe(0);
    // The counter counts: a good key is one request.
    expect(await store.get(`${company}/${objectId()}.jpg`)).toBeNull();
    expect(requests).toBe(1);
    client.destroy();
  });

  it('is chosen from the environment alone (as api/dist/main.js reads it), and refuses to start without a bucket', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'klinik-s3-config-'));
    try {
      const config = configFromEnv({ ...s3.env }, folder);
      expect(config.blobStore).toBe('s3');
      expect(config.s3).toEqual({ ...s3.store, prefix: undefined, serverSideEncryption: undefined, kmsKeyId: undefined });
      expect(configFromEnv({}, folder)).toMatchObject({ blobStore: 'local', s3: null });
      expect(configFromEnv({ ...s3.env, S3_REGION: '', S3_FORCE_PATH_STYLE: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }, folder).s3).toMatchObject({
        region: 'eu-north-1',
        forcePathStyle: false,
        accessKeyId: undefined,
      });
      expect(configFromEnv({ ...s3.env, S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: 'alias/klinik' }, folder).s3).toMatchObject({ serverSideEncryption: 'aws:kms', kmsKeyId: 'alias/klinik' });
      expect(() => configFromEnv({ BLOB_STORE: 's3' }, folder)).toThrow('BLOB_STORE=s3 needs S3_BUCKET');
      expect(() => configFromEnv({ ...s3.env, S3_BUCKET: ' ' }, folder)).toThrow('BLOB_STORE=s3 needs S3_BUCKET');
      expect(() => configFromEnv({ BLOB_STORE: 'S3 ' }, folder)).toThrow('BLOB_STORE must be local or s3');
      expect(() => configFromEnv({ ...s3.env, S3_SECRET_ACCESS_KEY: '' }, folder)).toThrow('go together');
      expect(() => configFromEnv({ ...s3.env, S3_SSE: 'yes' }, folder)).toThrow('S3_SSE must be');
      expect(() => configFromEnv({ ...s3.env, S3_FORCE_PATH_STYLE: 'ja' }, folder)).toThrow('S3_FORCE_PATH_STYLE must be');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

async function photo(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
}

interface UploadAnswer {
  status: number;
  body: { message: string; data: { id: string; bytes: number; imageUrl: string; previewUrl: string }[] };
}

async function upload(token: string, fields: Record<string, string>, files: { name: string; data: Buffer }[]): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', token);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }), file.name);
  const response = await fetch(t.url, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

const usedBytes = async (token: string) => (await t.call('getStorageUsage', {}, token)).body.data.usedBytes;

describe('images through the API on the bucket', () => {
  it('stores both files in the bucket, serves them by signed address from any API process, counts them and removes them', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const answer = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'ryg.jpg', data: await photo() }]);
    expect(answer.status).toBe(200);
    const [image] = answer.body.data;
    const record = await t.models.Image.findById(image!.id).lean();
    expect(record).toMatchObject({ status: 'ready', blobKey: `${owner.companyId}/${image!.id}.jpg`, previewKey: `${owner.companyId}/${image!.id}_800.jpg` });
    expect(await objectsUnder(`${owner.companyId}/`)).toEqual([record!.blobKey, record!.previewKey].sort());

    // The bucket holds ciphertext of the data key; the browser gets the image, decrypted by the API as it serves it
    // at its own signed address (never the bucket's).
    const stored = await objectBytes(record!.blobKey);
    expect(keyIdOfBytes(stored)).toBe('test1');
    expect(keyIdOfBytes(await objectBytes(record!.previewKey))).toBe('test1');
    await expect(sharp(stored).metadata()).rejects.toThrow();
    const original = decryptBytes(stored);
    const preview = decryptBytes(await objectBytes(record!.previewKey));
    expect((await sharp(original).metadata()).width).toBe(1200);
    expect((await sharp(preview).metadata()).width).toBe(800);
    expect(new URL(image!.imageUrl).origin).toBe(new URL(t.url).origin);
    const served = await fetch(image!.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    // The ledger counts the two files' bytes, as with the local store.
    expect(image!.bytes).toBe(original.length + preview.length);
    expect(await usedBytes(owner.token)).toBe(image!.bytes);

    // A second API process on the same bucket (and the same signing secret) serves the image it never stored.
    const other = await startTestApi({ blobStore: 's3', s3: s3.store });
    try {
      const address = new URL(image!.previewUrl);
      const elsewhere = await fetch(`${new URL(other.url).origin}${address.pathname}${address.search}`);
      expect(elsewhere.status).toBe(200);
      expect(Buffer.from(await elsewhere.arrayBuffer()).equals(preview)).toBe(true);
    } finally {
      await other.close();
    }

    expect((await t.call('deleteImage', { id: image!.id }, owner.token)).status).toBe(200);
    expect(await objectsUnder(`${owner.companyId}/`)).toEqual([]);
    expect(await usedBytes(owner.token)).toBe(0);
    expect((await fetch(image!.imageUrl)).status).toBe(404);
  });

  it('answers 503 while the store is down, stores and loses nothing, and works again when it is back', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const kept = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'før.jpg', data: await photo(900, 600) }]);
    expect(kept.status).toBe(200);
    const keptImage = kept.body.data[0]!;
    const usedBefore = await usedBytes(owner.token);
    const direct: BlobStore = await createBlobStore({ blobStore: 's3', blobDir: '', s3: s3.store });

    await s3.stop();
    try {
      const refused = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'under.jpg', data: await photo(700, 500) }]);
      expect(refused).toMatchObject({ status: 503, body: { message: messages.fileStoreUnavailable } });
      const served = await fetch(keptImage.imageUrl);
      expect(served.status).toBe(503);
      expect(await served.json()).toEqual({ message: messages.fileStoreUnavailable });
      const deleted = await t.call('deleteImage', { id: keptImage.id }, owner.token);
      expect(deleted).toMatchObject({ status: 503, body: { message: messages.fileStoreUnavailable } });
      await expect(direct.get(`${owner.companyId}/${keptImage.id}.jpg`)).rejects.toThrow(messages.fileStoreUnavailable);

      // The API itself is fine: its health answers, the image is still listed, the ledger did not move.
      expect((await fetch(t.url.replace(/\/api$/, '/health'))).status).toBe(200);
      const listed = await t.call('getImages', { clientId, journalId }, owner.token);
      expect(listed.body.data.map((image) => image.id)).toEqual([keptImage.id]);
      expect(await usedBytes(owner.token)).toBe(usedBefore);
      expect(t.logs.join('')).not.toContain('"level":50');
    } finally {
      // eslint-disable-next-line require-atomic-updates -- the file's one server, stopped above: its tests run one after another
      s3 = await startS3Server({ dataDir, port: s3.port, log: (line) => console.log(`[s3] ${line}`) });
    }

    // Back: the stored image is served again, and the delete that failed can be repeated to its end.
    expect((await fetch(keptImage.imageUrl)).status).toBe(200);
    expect((await t.call('deleteImage', { id: keptImage.id }, owner.token)).status).toBe(200);
    expect(await objectsUnder(`${owner.companyId}/`)).toEqual([]);
    expect(await usedBytes(owner.token)).toBe(0);
    // The upload cut off by the outage never turned 'ready': the sweeper removes its record after an hour.
    const stalled = await t.models.Image.find({ companyId: owner.companyId, status: { $ne: 'ready' } }).lean();
    expect(stalled.map((image) => image.imageName)).toEqual(['under.jpg']);
  });
});
