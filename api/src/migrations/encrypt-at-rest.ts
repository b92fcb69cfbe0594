/**
 * The encryption pass: brings every stored health-data field to the newest data key. Plain text written before
 * encryption is encrypted, ciphertext of an older key is decrypted and encrypted again, a plain `cprKey` becomes its
 * keyed hash and a missing `cpr6Key` is added. Idempotent, one cursor and one document at a time (no multi-document operation, so
 * it suits FerretDB); each document is updated only if the values it read are still there, so a concurrent save wins.
 * Run at start once per newest key id (`encrypt-at-rest:<id>`), and by `npm run reencrypt -w api` at any time.
 */
import type { Connection, Model, Schema } from 'mongoose';
import type { Logger } from 'pino';
import {
  cpr6Hash,
  cprHash,
  currentKeyId,
  decryptText,
  encryptedFieldsOf,
  encryptText,
  getField,
  isCprHash,
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
    const value = doc[path];
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

/** Every model with encrypted fields, brought to the newest key. */
export async function reencryptAll(conn: Connection, logger?: Logger): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of conn.modelNames()) {
    const model = conn.model(name);
    const options = encryptedFieldsOf(model.schema as unknown as Schema);
    if (!options) continue;
    counts[name] = await reencryptModel(model as Model<unknown>, options);
  }
  logger?.info({ counts, keyId: currentKeyId() }, 'health data at rest: encryption pass done');
  return counts;
}

/** The start-up migration: once per newest key (a new key id runs the pass again). */
export function encryptAtRestMigration(): Migration {
  return { id: `encrypt-at-rest:${currentKeyId()}`, run: async (conn, logger) => void (await reencryptAll(conn, logger)) };
}
