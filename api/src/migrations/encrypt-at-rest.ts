/**
 * The encryption pass: brings every stored health-data field and every stored file to the newest data key. Plain text
 * written before encryption is encrypted, ciphertext of an older key is decrypted and encrypted again, a plain
 * `cprKey` becomes its keyed hash and a missing `cpr6Key` (or a held submission's missing `cprKey`) is added.
 * Idempotent, one cursor and one document at a time (no multi-document operation, so it suits FerretDB); each
 * document is updated only if the values it read are still there, so a concurrent save wins. Then the files: every
 * image (original and preview), support upload and import file the records name is read, and written again
 * encrypted with the newest key unless it already is, one file at a time.
 * Run at start once per newest key id (`encrypt-at-rest:v2:<id>`), and by `npm run data:reencrypt` at any time.
 */
import type { Collection, Connection, Model, Schema } from 'mongoose';
import type { Logger } from 'pino';
import type { BlobStore } from '../adapters/blobs/index.js';
import {
  bytesNeedEncryption,
  cpr6Hash,
  cprHash,
  currentKeyId,
  decryptText,
  encryptBytes,
  encryptedFieldsOf,
  encryptText,
  getField,
  isCprHash,
  plainBytes,
  setField,
  needsEncryption,
  type EncryptedFieldsOptions,
} from '../security/encryption.js';
import type { Migration } from './runner.js';

const PAGE = 200;

type Raw = Record<string, unknown> & { _id: unknown };

function changesOf(doc: Raw, options: EncryptedFieldsOptions): { set: Record<string, unknown>; guard: Record<string, unknown> } {
  const set: Record<string, unknown> = {};
  const guard: Record<string, unknown> = {};
  for (const path of options.paths) {
    // Dotted for a field of a nested subdocument ('person.CPR6Digit'): `$set` and the guard take the same path.
    const value = getField(doc, path);
    if (!needsEncryption(value)) continue;
    set[path] = encryptText(decryptText(value));
    guard[path] = value;
  }
  for (const [path, fields] of Object.entries(options.arrays ?? {})) {
    const items = doc[path];
    if (!Array.isArray(items)) continue;
    const stale = (items as Record<string, unknown>[]).some((item) => fields.some((field) => needsEncryption(getField(item, field))));
    if (!stale) continue;
    set[path] = (items as Record<string, unknown>[]).map((item) => {
      const copy = structuredClone(item);
      for (const field of fields) {
        const value = getField(copy, field);
        if (needsEncryption(value)) setField(copy, field, encryptText(decryptText(value)));
      }
      return copy;
    });
  }
  if (options.cpr) {
    const cpr6 = typeof doc.CPR6Digit === 'string' ? decryptText(doc.CPR6Digit) : '';
    const last4 = typeof doc.CPRLast4Digit === 'string' ? decryptText(doc.CPRLast4Digit) : '';
    if (!isCprHash(doc.cprKey)) {
      set.cprKey = cprHash(`${cpr6}${last4}`);
      guard.cprKey = doc.cprKey;
    }
    if (!isCprHash(doc.cpr6Key)) set.cpr6Key = cpr6Hash(cpr6);
  }
  if (options.cprKeyFrom && !isCprHash(doc.cprKey)) {
    const [cpr6, last4] = options.cprKeyFrom.map((path) => getField(doc, path));
    if (typeof cpr6 === 'string' && typeof last4 === 'string') {
      set.cprKey = cprHash(`${decryptText(cpr6)}${decryptText(last4)}`);
      guard.cprKey = doc.cprKey ?? null;
    }
  }
  return { set, guard };
}

/** Re-encrypts one model's collection; answers how many documents changed. */
async function reencryptModel(model: Model<unknown>, options: EncryptedFieldsOptions): Promise<number> {
  // The driver's collection, not the model: the model would decrypt what it reads, and the pass needs what is stored.
  const collection = model.collection;
  let changed = 0;
  // One cursor over the collection: FerretDB pushes down no range or sort, so paging by `_id` would scan the whole
  // collection once per page.
  for await (const doc of collection.find({}).batchSize(PAGE) as AsyncIterable<Raw>) {
    const { set, guard } = changesOf(doc, options);
    if (Object.keys(set).length === 0) continue;
    const result = await collection.updateOne({ _id: doc._id, ...guard } as never, { $set: set });
    changed += result.modifiedCount;
  }
  return changed;
}

/** The records that name stored files, and the keys of each one's files. */
const FILE_OWNERS: Record<string, (doc: Raw) => unknown[]> = {
  Image: (image) => [image.blobKey, image.previewKey],
  SupportUpload: (upload) => ((upload.files as Raw[] | undefined) ?? []).map((file) => file.blobKey),
  ImportRun: (run) => ((run.files as Raw[] | undefined) ?? []).map((file) => file.blobKey),
};

/**
 * Brings one stored file to the newest key. The record is looked at again after the write: a removal deletes the
 * files before and after its record (domain/images/images.ts), so a file this pass wrote back meanwhile goes too.
 */
async function reencryptFile(blobs: BlobStore, records: Collection, id: unknown, key: string): Promise<boolean> {
  const stored = await blobs.get(key);
  if (!stored || !bytesNeedEncryption(stored)) return false;
  await blobs.put(key, encryptBytes(plainBytes(stored)));
  if (!(await records.findOne({ _id: id } as never, { projection: { _id: 1 } }))) await blobs.delete(key);
  return true;
}

/** Every stored file the records name, brought to the newest key; answers how many files were written per model. */
export async function reencryptFiles(conn: Connection, blobs: BlobStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, keysOf] of Object.entries(FILE_OWNERS)) {
    const model = conn.models[name];
    if (!model) continue;
    let changed = 0;
    // Only the keys: one file in memory at a time, whatever the collection holds.
    for await (const doc of model.collection.find({}, { projection: { blobKey: 1, previewKey: 1, 'files.blobKey': 1 } }).batchSize(PAGE) as AsyncIterable<Raw>) {
      for (const key of keysOf(doc)) {
        if (typeof key === 'string' && key !== '' && (await reencryptFile(blobs, model.collection, doc._id, key))) changed += 1;
      }
    }
    counts[`${name} files`] = changed;
  }
  return counts;
}

/** Every model with encrypted fields (and, given the blob store, every stored file) brought to the newest key. */
export async function reencryptAll(conn: Connection, logger?: Logger, blobs?: BlobStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of conn.modelNames()) {
    const model = conn.model(name);
    const options = encryptedFieldsOf(model.schema as unknown as Schema);
    if (!options) continue;
    counts[name] = await reencryptModel(model as Model<unknown>, options);
  }
  if (blobs) Object.assign(counts, await reencryptFiles(conn, blobs));
  logger?.info({ counts, keyId: currentKeyId() }, 'health data at rest: encryption pass done');
  return counts;
}

/**
 * The start-up migration: once per newest key (a new key id runs the pass again). `v2`: the pass grew (intake answers,
 * booking reasons, held public submissions, image files), so a database whose `encrypt-at-rest:<id>` finished before
 * runs it once more.
 */
export function encryptAtRestMigration(blobs: BlobStore): Migration {
  return { id: `encrypt-at-rest:v2:${currentKeyId()}`, run: async (conn, logger) => void (await reencryptAll(conn, logger, blobs)) };
}
