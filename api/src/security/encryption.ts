/**
 * Health data at rest: CPR numbers, journal texts, Stamjournal and journal field values, comments on fields, the
 * history of changes, intake answers, booking reasons and what the public pages hand in for review are stored
 * encrypted (AES-256-GCM, node:crypto), so a copy of the database or a backup shows no health data; image files are
 * encrypted whole (encryptBytes). CPR numbers are found through a keyed hash (HMAC-SHA256 of the digits) instead of
 * the number itself.
 *
 * It happens in one place: the schema plugin `encryptedFields` (below) encrypts on every write path mongoose offers
 * (save/create, insertMany, update operators) and decrypts every read (lean or not), so no handler can forget it.
 * The keyring is process-wide because schemas are: createApi sets it from the configuration (DATA_ENCRYPTION_KEYS,
 * CPR_HASH_KEY) before any model is used. docs/security.md, 'Health data at rest', says how keys are rotated.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Schema } from 'mongoose';

export interface DataKey {
  /** Short id stored beside each ciphertext, so that data written with an older key stays readable. */
  id: string;
  /** 32 bytes (AES-256). */
  key: Buffer;
}

export interface DataKeyring {
  /** Oldest first: the last key encrypts, every key decrypts. */
  keys: DataKey[];
  /** The HMAC key of CPR look-ups (its own key: a leaked data key does not make hashes guessable and vice versa). */
  cprHashKey: Buffer;
}

/** A stored ciphertext: `enc1:<key id>:<base64url of iv(12) | tag(16) | ciphertext>`. */
const PREFIX = 'enc1:';
const KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;

export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

/**
 * Parses `DATA_ENCRYPTION_KEYS` (`id:base64key,id:base64key`, oldest first) and `CPR_HASH_KEY` (base64, at least 32
 * bytes). Any mistake throws with a message that says what to fix: the API must not start half-able to read its data.
 */
export function parseDataKeyring(keysText: string, hashKeyText: string): DataKeyring {
  const entries = keysText.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new DataKeyError('DATA_ENCRYPTION_KEYS must name at least one key: "<id>:<32 bytes in base64>"');
  const keys = entries.map((entry) => {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon < 1 || !KEY_ID.test(id)) throw new DataKeyError(`DATA_ENCRYPTION_KEYS: "${id || entry.slice(0, 8)}…" needs the form <id>:<base64 key>, the id of letters, digits, "_", "-" or "."`);
    if (key.length !== 32) throw new DataKeyError(`DATA_ENCRYPTION_KEYS: key "${id}" must be 32 bytes in base64 (openssl rand -base64 32), it is ${key.length}`);
    return { id, key };
  });
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new DataKeyError('DATA_ENCRYPTION_KEYS: two keys have the same id');
  const cprHashKey = Buffer.from(hashKeyText, 'base64');
  if (cprHashKey.length < 32) throw new DataKeyError('CPR_HASH_KEY must be at least 32 bytes in base64 (openssl rand -base64 32)');
  return { keys, cprHashKey };
}

/** A new random key in the form DATA_ENCRYPTION_KEYS takes. */
export function newDataKeyEntry(id: string): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

let keyring: DataKeyring | null = null;

/** Set by createApi from the configuration; the last call wins (one keyring per process). */
export function useDataKeyring(next: DataKeyring): void {
  keyring = next;
}

function activeKeyring(): DataKeyring {
  if (!keyring) throw new DataKeyError('No data encryption keys are configured (createApi sets them from DATA_ENCRYPTION_KEYS)');
  return keyring;
}

/** The id of the key new data is encrypted with. */
export function currentKeyId(): string {
  const keys = activeKeyring().keys;
  return keys[keys.length - 1]!.id;
}

export function isEncrypted(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** The id of the key a stored value was encrypted with, or null for plain text. */
export function keyIdOf(value: unknown): string | null {
  if (typeof value !== 'string' || !isEncrypted(value)) return null;
  return value.slice(PREFIX.length, value.indexOf(':', PREFIX.length));
}

/** Encrypts with the newest key. The empty string stays empty (the schemas' default; it tells nothing). */
export function encryptText(plain: string): string {
  if (plain === '' || isEncrypted(plain)) return plain;
  const { id, key } = activeKeyring().keys.at(-1)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The key id is authenticated too: a ciphertext cannot be relabelled to another key.
  cipher.setAAD(Buffer.from(id));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Decrypts a stored value; plain text (written before encryption, not yet migrated) is returned as it is. */
export function decryptText(stored: string): string {
  if (!isEncrypted(stored)) return stored;
  const id = keyIdOf(stored)!;
  const entry = activeKeyring().keys.find((key) => key.id === id);
  if (!entry) throw new DataKeyError(`Data is encrypted with key "${id}", which DATA_ENCRYPTION_KEYS does not hold`);
  const raw = Buffer.from(stored.slice(PREFIX.length + id.length + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', entry.key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** A stored file: `KLENC1` | key id length (1 byte) | key id | iv(12) | tag(16) | ciphertext. */
const FILE_MAGIC = Buffer.from('KLENC1');

/**
 * Whether stored bytes are an encrypted file. No image starts with the magic (JPEG starts FF D8, PNG 89 'PNG', GIF
 * 'GIF8'), so a plain image written before images were encrypted is told apart from ciphertext.
 */
export function isEncryptedBytes(stored: Buffer): boolean {
  return stored.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC);
}

/** The id of the key an encrypted file was written with, or null for plain bytes. */
export function keyIdOfBytes(stored: Buffer): string | null {
  if (!isEncryptedBytes(stored)) return null;
  const idStart = FILE_MAGIC.length + 1;
  return stored.subarray(idStart, idStart + stored[FILE_MAGIC.length]!).toString();
}

/** Whether a stored file must be (re-)encrypted: plain, or encrypted with a key that is not the newest. */
export function bytesNeedEncryption(stored: Buffer): boolean {
  return keyIdOfBytes(stored) !== currentKeyId();
}

/** The plain bytes of a stored file: decrypted, or as they are when written before encryption (not yet migrated). */
export function plainBytes(stored: Buffer): Buffer {
  return isEncryptedBytes(stored) ? decryptBytes(stored) : stored;
}

/**
 * Encrypts a whole file (the support team's uploads of a clinic's old data; client and journal images) with
 * the newest key; the key id is authenticated with it, as in encryptText.
 */
export function encryptBytes(plain: Buffer): Buffer {
  const { id, key } = activeKeyring().keys.at(-1)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([FILE_MAGIC, Buffer.from([id.length]), Buffer.from(id), iv, cipher.getAuthTag(), body]);
}

export function decryptBytes(stored: Buffer): Buffer {
  if (!isEncryptedBytes(stored)) throw new DataKeyError('Not an encrypted file');
  const idLength = stored[FILE_MAGIC.length]!;
  const idStart = FILE_MAGIC.length + 1;
  const id = stored.subarray(idStart, idStart + idLength).toString();
  const entry = activeKeyring().keys.find((key) => key.id === id);
  if (!entry) throw new DataKeyError(`The file is encrypted with key "${id}", which DATA_ENCRYPTION_KEYS does not hold`);
  const ivStart = idStart + idLength;
  const decipher = createDecipheriv('aes-256-gcm', entry.key, stored.subarray(ivStart, ivStart + 12));
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(stored.subarray(ivStart + 12, ivStart + 28));
  return Buffer.concat([decipher.update(stored.subarray(ivStart + 28)), decipher.final()]);
}

/** The CPR digits only: '010190-1234' and '0101901234' are the same number. */
export function normaliseCpr(cpr: string): string {
  return cpr.replace(/\D/g, '');
}

function cprHmac(purpose: string, digits: string): string {
  return createHmac('sha256', activeKeyring().cprHashKey).update(`${purpose}:${digits}`).digest('hex');
}

/** The look-up key of a whole CPR number (the Client's `cprKey`, unique per clinic). */
export function cprHash(cpr: string): string {
  return cprHmac('cpr', normaliseCpr(cpr));
}

/** The look-up key of the birth-date part (the Client's `cpr6Key`): search by date of birth, free last digits. */
export function cpr6Hash(cpr6: string): string {
  return cprHmac('cpr6', normaliseCpr(cpr6));
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * The Client filter of a CPR search: the whole number or its first six digits (the date of birth). A keyed hash
 * finds only whole values, so other lengths find no one by CPR (name search is unaffected).
 */
export function cprSearchFilter(text: string): Record<string, string> | null {
  const digits = normaliseCpr(text);
  if (digits.length === 10) return { cprKey: cprHash(digits) };
  if (digits.length === 6) return { cpr6Key: cpr6Hash(digits) };
  return null;
}

/** Which fields of a schema are encrypted: plain paths, and text fields of an array of subdocuments. */
export interface EncryptedFieldsOptions {
  /** Top-level fields, or fields of a single nested subdocument, dotted ('person.CPR6Digit'). */
  paths: string[];
  arrays?: Record<string, string[]>;
  /** The Client: derive `cprKey`/`cpr6Key` from CPR6Digit and CPRLast4Digit, and hash plain CPR values in filters. */
  cpr?: boolean;
  /**
   * Another record that holds a CPR number (a held public submission): the paths of its two parts, from which `cprKey`
   * (the same keyed hash as the Client's) is derived on every write, so it is matched to clients by the hash alone.
   */
  cprKeyFrom?: [cpr6: string, last4: string];
}

type Plain = Record<string, unknown>;

/** A field of an array item, dotted for a nested one ('client.CPR' of an invoice snapshot). */
export function getField(item: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Plain)[key] : undefined), item);
}

export function setField(item: Plain, field: string, value: unknown): void {
  const keys = field.split('.');
  const last = keys.pop()!;
  let target = item;
  for (const key of keys) {
    const next = target[key];
    if (!next || typeof next !== 'object') return;
    target = next as Plain;
  }
  target[last] = value;
}

function mapItemField(item: unknown, field: string, transform: (value: string) => string): void {
  if (!item || typeof item !== 'object') return;
  if (isHydrated(item)) {
    const value = item.get(field);
    if (typeof value === 'string') item.set(field, transform(value));
    return;
  }
  const value = getField(item, field);
  if (typeof value === 'string') setField(item as Plain, field, transform(value));
}

/** A field of a plain document or update: a top-level or dotted key as it is (`$set: { 'person.CPR6Digit': … }`), else nested. */
function valueAt(target: Plain, path: string): unknown {
  return path in target || !path.includes('.') ? target[path] : getField(target, path);
}

function mapFields(target: Plain, options: EncryptedFieldsOptions, transform: (value: string) => string): void {
  for (const path of options.paths) {
    const value = valueAt(target, path);
    if (typeof value !== 'string') continue;
    if (path in target || !path.includes('.')) target[path] = transform(value);
    else setField(target, path, transform(value));
  }
  for (const [path, fields] of Object.entries(options.arrays ?? {})) {
    const items = target[path];
    if (!Array.isArray(items)) continue;
    for (const item of items as unknown[]) for (const field of fields) mapItemField(item, field, transform);
  }
}

/** The derived look-up keys of a plain CPR in `fields` (a document, `$set` or `$setOnInsert`). */
function deriveCprKeys(fields: Plain): void {
  const cpr6 = fields.CPR6Digit;
  const last4 = fields.CPRLast4Digit;
  if (typeof cpr6 === 'string' && !isEncrypted(cpr6)) fields.cpr6Key = cpr6Hash(cpr6);
  if (typeof cpr6 === 'string' && typeof last4 === 'string' && !isEncrypted(cpr6) && !isEncrypted(last4)) fields.cprKey = cprHash(cpr6 + last4);
  // A handler (or older code) that sets cprKey to the digits themselves: store the hash instead.
  if (typeof fields.cprKey === 'string' && !HASH.test(fields.cprKey)) fields.cprKey = cprHash(fields.cprKey);
}

/** `cprKey` of a record that holds a CPR number in two other fields (`cprKeyFrom`), from their plain values. */
function deriveCprKeyFrom(fields: Plain, [cpr6Path, last4Path]: [string, string]): void {
  const cpr6 = valueAt(fields, cpr6Path);
  const last4 = valueAt(fields, last4Path);
  if (typeof cpr6 === 'string' && typeof last4 === 'string' && !isEncrypted(cpr6) && !isEncrypted(last4)) fields.cprKey = cprHash(cpr6 + last4);
}

/** A plain CPR value in a Client filter becomes its hash: `{ cprKey: '0101901234' }`, `{ CPR6Digit: '010190' }`. */
function hashCprFilter(filter: Plain): void {
  if (typeof filter.cprKey === 'string' && !HASH.test(filter.cprKey)) filter.cprKey = cprHash(filter.cprKey);
  if (typeof filter.CPR6Digit === 'string') {
    filter.cpr6Key = cpr6Hash(filter.CPR6Digit);
    delete filter.CPR6Digit;
  }
  for (const operator of ['$and', '$or'] as const) {
    const parts = filter[operator];
    if (Array.isArray(parts)) for (const part of parts) if (part && typeof part === 'object') hashCprFilter(part as Plain);
  }
}

interface HydratedLike {
  get(path: string): unknown;
  set(path: string, value: unknown): unknown;
  unmarkModified(path: string): void;
  isModified(path: string): boolean;
  isNew: boolean;
  $isDefault?(path: string): boolean;
}

function isHydrated(value: unknown): value is HydratedLike {
  return typeof value === 'object' && value !== null && typeof (value as HydratedLike).unmarkModified === 'function';
}

/** Decrypts a read document in place; a hydrated document stays unmodified (a later save writes only real changes). */
function decryptDocument(doc: unknown, options: EncryptedFieldsOptions): void {
  if (!doc || typeof doc !== 'object') return;
  if (!isHydrated(doc)) {
    mapFields(doc as Plain, options, decryptText);
    return;
  }
  for (const path of options.paths) {
    const value = doc.get(path);
    if (typeof value !== 'string' || !isEncrypted(value)) continue;
    const wasModified = doc.isModified(path);
    doc.set(path, decryptText(value));
    if (!wasModified) doc.unmarkModified(path);
  }
  for (const [path, fields] of Object.entries(options.arrays ?? {})) {
    const items = doc.get(path);
    if (!Array.isArray(items)) continue;
    const wasModified = doc.isModified(path);
    for (const item of items as unknown[]) for (const field of fields) mapItemField(item, field, decryptText);
    if (!wasModified) doc.unmarkModified(path);
  }
}

function decryptResult(result: unknown, options: EncryptedFieldsOptions): void {
  if (Array.isArray(result)) for (const doc of result) decryptDocument(doc, options);
  else decryptDocument(result, options);
}

function encryptUpdate(update: Plain, options: EncryptedFieldsOptions): void {
  // Top-level fields of an update are `$set`s; `$set`, `$setOnInsert` and a replacement carry whole values.
  for (const target of [update, update.$set, update.$setOnInsert]) {
    if (!target || typeof target !== 'object') continue;
    if (options.cpr) deriveCprKeys(target as Plain);
    if (options.cprKeyFrom) deriveCprKeyFrom(target as Plain, options.cprKeyFrom);
    mapFields(target as Plain, options, encryptText);
  }
  // `$push` of array items (with or without `$each`).
  const push = update.$push as Plain | undefined;
  for (const [path, fields] of Object.entries(options.arrays ?? {})) {
    const pushed = push?.[path] as Plain | undefined;
    if (!pushed) continue;
    const items = Array.isArray(pushed.$each) ? (pushed.$each as Plain[]) : [pushed];
    for (const item of items) for (const field of fields) mapItemField(item, field, encryptText);
  }
}

const ENCRYPTED_SCHEMAS = new WeakMap<Schema, EncryptedFieldsOptions>();

/** The encrypted fields of a schema (for the re-encryption pass), or null when it has none. */
export function encryptedFieldsOf(schema: Schema): EncryptedFieldsOptions | null {
  return ENCRYPTED_SCHEMAS.get(schema) ?? null;
}

/** Whether a stored value must be (re-)encrypted: plain text, or ciphertext of a key that is not the newest. */
export function needsEncryption(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && keyIdOf(value) !== currentKeyId();
}

/** Whether a stored `cprKey` is still the plain number (written before CPR hashing). */
export function isCprHash(value: unknown): boolean {
  return typeof value === 'string' && HASH.test(value);
}

const UPDATES = ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'] as const;
const FILTERED = ['find', 'findOne', 'countDocuments', 'deleteOne', 'deleteMany', 'findOneAndDelete', ...UPDATES] as const;
const READS = ['find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace'] as const;

interface QueryLike {
  getFilter(): Plain;
  getUpdate(): Plain | null;
}

/**
 * The schema plugin: encrypt on every write, decrypt on every read. Aggregations and `distinct` return what is
 * stored: none of them reads an encrypted field (a test would show ciphertext if one did).
 */
export function encryptedFields(schema: Schema, options: EncryptedFieldsOptions): void {
  ENCRYPTED_SCHEMAS.set(schema, options);
  const encryptDocument = (doc: HydratedLike) => {
    if (options.cpr && (doc.isNew || doc.isModified('CPR6Digit') || doc.isModified('CPRLast4Digit'))) {
      const fields: Plain = { CPR6Digit: doc.get('CPR6Digit'), CPRLast4Digit: doc.get('CPRLast4Digit'), cprKey: doc.get('cprKey') };
      deriveCprKeys(fields);
      for (const key of ['cprKey', 'cpr6Key']) if (fields[key] !== undefined) doc.set(key, fields[key]);
    }
    const from = options.cprKeyFrom;
    if (from && (doc.isNew || doc.isModified(from[0]) || doc.isModified(from[1]))) {
      const cpr6 = doc.get(from[0]);
      const last4 = doc.get(from[1]);
      if (typeof cpr6 === 'string' && typeof last4 === 'string' && !isEncrypted(cpr6) && !isEncrypted(last4)) doc.set('cprKey', cprHash(cpr6 + last4));
    }
    for (const path of options.paths) {
      const value = doc.get(path);
      if (typeof value === 'string' && !isEncrypted(value) && (doc.isNew || doc.isModified(path))) doc.set(path, encryptText(value));
    }
    for (const [path, fields] of Object.entries(options.arrays ?? {})) {
      const items = doc.get(path);
      if (!Array.isArray(items) || !(doc.isNew || doc.isModified(path))) continue;
      for (const item of items as unknown[]) for (const field of fields) mapItemField(item, field, encryptText);
    }
  };
  schema.pre('save', function encryptOnSave() {
    encryptDocument(this);
  });
  schema.post('save', function decryptAfterSave(doc: unknown) {
    decryptDocument(doc, options);
  });
  schema.pre('insertMany', function encryptOnInsert(docs: unknown) {
    for (const doc of Array.isArray(docs) ? docs : [docs]) {
      if (isHydrated(doc)) encryptDocument(doc);
      else if (doc && typeof doc === 'object') {
        if (options.cpr) deriveCprKeys(doc as Plain);
        if (options.cprKeyFrom) deriveCprKeyFrom(doc as Plain, options.cprKeyFrom);
        mapFields(doc as Plain, options, encryptText);
      }
    }
  });
  schema.post('insertMany', function decryptAfterInsert(docs: unknown) {
    decryptResult(docs, options);
  });
  // mongoose's typings take one operation name or a RegExp here; the list is what it accepts at run time.
  const hooks = schema as unknown as { pre(ops: readonly string[], fn: (this: QueryLike) => void): void; post(ops: readonly string[], fn: (result: unknown) => void): void };
  hooks.pre(FILTERED, function prepareQuery(this: QueryLike) {
    if (options.cpr) hashCprFilter(this.getFilter());
    const update = (this as Partial<QueryLike>).getUpdate?.();
    if (update && typeof update === 'object') encryptUpdate(update, options);
  });
  hooks.post(READS, function decryptRead(result: unknown) {
    decryptResult(result, options);
  });
}
