/**
 * What a signed-in call is checked against (the therapist's record and the clinic's) is kept in each API process's
 * memory (data/sign-in-cache.ts). Every write of those records through these models, in any process (the API, the
 * CLI, a migration, the bench), leaves a change record; each process drops what it holds of a changed record when it
 * hears of it: the writing process at once (the listeners below), the others from the records, which they poll.
 *
 * Only writes through mongoose are seen; code that writes these collections through the driver announces its changes
 * itself (`announceSignInChanges`: the start-up migrations). A hand edit in the database shell is picked up when the
 * cached entry expires (data/sign-in-cache.ts, ENTRY_KEPT_MS) or the process restarts.
 */
import { Schema, Types, type Connection, type Model, type MongooseQueryMiddleware, type Query } from 'mongoose';
import { defineModel } from './scope.js';

export type SignInRecordKind = 'therapist' | 'company';

/**
 * One changed record (`id`), the therapists of one clinic (`companyId`, an update by company), or, with neither, every
 * record of the kind (a filter that names no record).
 */
export interface SignInChange {
  kind: SignInRecordKind;
  id: string | null;
  companyId: string | null;
}

const signInChangeSchema = new Schema(
  {
    kind: { type: String, enum: ['therapist', 'company'], required: true },
    id: { type: String, default: null },
    companyId: { type: String, default: null },
    /** The writer's clock (epoch ms): the pollers ask for a window by it, and old records are swept by it. */
    at: { type: Number, required: true, index: true },
  },
  { versionKey: false },
);

export const signInChangeModel = defineModel(signInChangeSchema, { kind: 'platform', why: 'changes of sign-in facts, polled by every API process whatever the clinic' });

/** A change as recorded: its record's id and its writer's time with it. */
export interface SignInChangeRecord extends SignInChange {
  _id: Types.ObjectId;
  at: number;
}

type Listener = (change: SignInChangeRecord) => void;
const listeners = new WeakMap<Connection, Set<Listener>>();

/** Calls `listener` with each change written through `conn`'s models in this process, before the write answers. */
export function onSignInChange(conn: Connection, listener: Listener): () => void {
  let set = listeners.get(conn);
  if (!set) listeners.set(conn, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

const WRITES: MongooseQueryMiddleware[] = ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace', 'deleteOne', 'deleteMany', 'findOneAndDelete'];

function idText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  // Anything else (an operator, a regular expression) does not name one record.
  return value instanceof Types.ObjectId ? value.toHexString() : null;
}

/** The single ids a filter's field is pinned to (a value, `$eq` or `$in`), or null when it is not pinned. */
function pinnedIds(filter: Record<string, unknown>, field: string): string[] | null {
  const value = filter[field];
  const one = idText(value);
  if (one !== null) return [one];
  if (value !== null && typeof value === 'object') {
    const operators = value as Record<string, unknown>;
    const keys = Object.keys(operators);
    if (keys.length === 1 && keys[0] === '$eq') return pinnedIds({ [field]: operators.$eq }, field);
    if (keys.length === 1 && keys[0] === '$in' && Array.isArray(operators.$in)) {
      const ids = operators.$in.map(idText);
      return ids.every((id) => id !== null) ? ids : null;
    }
  }
  const and = filter.$and;
  if (Array.isArray(and)) {
    for (const part of and) {
      const ids = part !== null && typeof part === 'object' ? pinnedIds(part as Record<string, unknown>, field) : null;
      if (ids) return ids;
    }
  }
  return null;
}

function changesOfFilter(kind: SignInRecordKind, filter: Record<string, unknown>): SignInChange[] {
  const ids = pinnedIds(filter, '_id');
  if (ids) return ids.map((id) => ({ kind, id, companyId: null }));
  const companyIds = kind === 'therapist' ? pinnedIds(filter, 'companyId') : null;
  if (companyIds) return companyIds.map((companyId) => ({ kind, id: null, companyId }));
  return [{ kind, id: null, companyId: null }];
}

/**
 * Announces changes made past the models (a migration's pass over the driver's collection): the hooks below do this
 * for every write through them.
 */
export async function announceSignInChanges(conn: Connection, changes: SignInChange[]): Promise<void> {
  if (changes.length > 0) await announce(conn, changes);
}

async function announce(conn: Connection, changes: SignInChange[]): Promise<void> {
  const at = Date.now();
  // The ids made here, so this process knows its own records when it reads them back.
  const records = changes.map((change): SignInChangeRecord => ({ ...change, _id: new Types.ObjectId(), at }));
  for (const listener of listeners.get(conn) ?? []) for (const record of records) listener(record);
  await conn.model('SignInChange').insertMany(records);
}

/**
 * The hooks on a schema whose records are sign-in facts: after each write (a query's, a document's, a bulk write's)
 * the change is announced and recorded before the write's caller goes on. Creating a record needs none: nothing
 * holds a record that did not exist.
 */
export function recordSignInChanges(schema: Schema, kind: SignInRecordKind): void {
  schema.post(WRITES, async function afterQueryWrite(this: Query<unknown, unknown>) {
    await announce(this.model.db, changesOfFilter(kind, this.getFilter()));
  });
  schema.pre('save', function rememberNew() {
    this.$locals.signInNew = this.isNew;
  });
  schema.post('save', async function afterSave() {
    if (this.$locals.signInNew) return;
    await announce((this.constructor as Model<unknown>).db, [{ kind, id: String(this._id), companyId: null }]);
  });
  schema.post(['updateOne', 'deleteOne'], { document: true, query: false }, async function afterDocumentWrite() {
    await announce((this.constructor as Model<unknown>).db, [{ kind, id: String(this._id), companyId: null }]);
  });
  schema.post('bulkWrite', async function afterBulkWrite(this: Model<unknown>) {
    await announce(this.db, [{ kind, id: null, companyId: null }]);
  });
}
