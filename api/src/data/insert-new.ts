import mongoose, { type Schema } from 'mongoose';

/**
 * Inserts documents whose `_id`s are deterministic, a batch at a time, unordered, ignoring the ones that exist
 * already (duplicate `_id`): the way writes here are made idempotent, `_id` uniqueness at insert being the one atomic
 * guarantee FerretDB 1.24 gives (docs/decisions/0004-concurrency-by-id-claims.md). Answers how many this call wrote;
 * any other write error is thrown. `onBatch` hears of each batch done (an import's progress). `inFlight` batches go
 * at once: while the database stores one, this process encodes the next (the import sends two). `onDuplicate` hears
 * of each document refused as a duplicate (an import's invoice whose number another invoice holds: import/engine.ts).
 */
export async function insertNew<T>(
  insert: (docs: T[]) => Promise<unknown[]>,
  docs: readonly T[],
  batch: number,
  onBatch: (count: number) => void = () => undefined,
  inFlight = 1,
  onDuplicate?: (doc: T) => void,
): Promise<number> {
  let added = 0;
  let next = 0;
  const worker = async () => {
    while (next < docs.length) {
      const chunk = docs.slice(next, next + batch);
      next += batch;
      try {
        // Not `added += (await insert(chunk)).length`: that reads `added` before the await, so with two batches in
        // flight each wrote back its own count over the other's, and an import of 10,000 clients reported 5,752
        // written and 4,000 'already there' (they were all written).
        const inserted = (await insert(chunk)).length;
        added += inserted;
      } catch (error) {
        type WriteError = { code?: number; index?: number; err?: { code?: number; index?: number } };
        const writeErrors = (error as { writeErrors?: WriteError[] }).writeErrors;
        if (!writeErrors || !writeErrors.every((item) => (item.code ?? item.err?.code) === 11000)) throw error;
        if (onDuplicate) {
          const refused = writeErrors.map((item) => chunk[item.index ?? item.err?.index ?? -1]);
          if (refused.some((doc) => doc === undefined)) throw error;
          for (const doc of refused) onDuplicate(doc!);
        }
        added += chunk.length - writeErrors.length;
      }
      onBatch(chunk.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, inFlight) }, worker));
  return added;
}

/** A Mongoose of its own, never connected: it only builds a schema's default document. */
const scratch = new mongoose.Mongoose();
let scratchModels = 0;

/**
 * `docs` as mongoose would insert them — the schema's defaults filled in, `createdAt` and `updatedAt` where the schema
 * keeps them — but as plain objects, for `insertMany(…, { lean: true })`. An import spent two thirds of its time
 * building mongoose documents it never used: 20,000 bookings, 2,000 clients and 5,000 invoices took 23 s with them
 * and 10.5 s without (api/test: the import's benchmark, `npm run bench`). Values are neither cast nor validated:
 * the caller builds them from parsed, typed values. A document's own fields win over the defaults. The schema's
 * insertMany middleware still runs (the encryption of the health-data fields: security/encryption.ts).
 */
export function withSchemaDefaults<T extends object>(schema: Schema, docs: readonly T[], now: number): T[] {
  const Model = scratch.model(`defaults${(scratchModels += 1)}`, schema);
  const template = new Model({}).toObject({ depopulate: true, virtuals: false, getters: false }) as Record<string, unknown>;
  scratch.deleteModel(Model.modelName);
  delete template._id;
  if ('createdAt' in template || schema.get('timestamps')) template.createdAt = now;
  if ('updatedAt' in template || schema.get('timestamps')) template.updatedAt = now;
  // Defaults that are objects or arrays are each document's own copy; the rest are shared values.
  const nested = Object.entries(template).filter(([, value]) => value !== null && typeof value === 'object');
  return docs.map((doc) => {
    const plain: Record<string, unknown> = { ...template };
    for (const [key, value] of nested) if (!(key in doc)) plain[key] = structuredClone(value);
    return Object.assign(plain, doc);
  });
}
