/**
 * The clinic's figures per Copenhagen month (/Statistik), kept because counting them from the records is too slow on
 * the embedded database (a year of a busy clinic is 25,000 bookings; FerretDB decodes each): `StatisticsMonth` holds a
 * month's totals as counted from the records, `StatisticsChange` says a month's records changed since. Every write of
 * the records the figures come from, through the models, leaves a change of each month it touches (the hooks below,
 * after the write); domain/statistics/months.ts counts a month again when a change is newer than its totals.
 *
 * Only writes through mongoose are seen (as with sign-in-changes.ts); a migration that writes those collections
 * through the driver must leave changes itself, or the figures of the months it touched stay as they were counted.
 */
import { Schema, Types, type Connection, type Model, type MongooseQueryMiddleware, type Query } from 'mongoose';
import { copenhagenDateKey } from '@klinik/core';
import { defineModel } from './scope.js';

/** A month's figures as counted from the records; `_id` `<company>:<YYYY-MM>`. */
const statisticsMonthSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    /** The counting rules' version (domain/statistics/months.ts): totals of another version are counted again. */
    version: { type: Number, required: true },
    /** The changes (their ids) this count has seen: a change not among them is newer than the count. */
    covered: { type: [String], default: () => [] },
    computedAt: { type: Number, required: true },
    /** Per therapist (hex id): revenue, bookings, weeks, clients, messages (domain/statistics/months.ts `TherapistMonth`). */
    therapists: { type: Schema.Types.Mixed, default: () => ({}) },
  },
  { versionKey: false, minimize: false },
);

/** One write of a month's records: insert-only, removed once a count has seen it. */
const statisticsChangeSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    at: { type: Number, required: true },
  },
  { versionKey: false },
);
statisticsChangeSchema.index({ companyId: 1, month: 1 });

export const statisticsModels = {
  StatisticsMonth: defineModel(statisticsMonthSchema, { kind: 'tenant' }),
  StatisticsChange: defineModel(statisticsChangeSchema, { kind: 'tenant' }),
};

/** The Copenhagen month of a moment. */
export function monthOfMoment(epochMs: number): string {
  return copenhagenDateKey(epochMs).slice(0, 7);
}

/**
 * How a model's records reach the figures: the fields a count reads (`fields`: an update touching none of them
 * changes no figure) and the months a record counts in (`months`, from those fields; a record may name another
 * record's month too, `related`: a credit note settles an invoice of an earlier month).
 */
export interface StatisticsSource {
  fields: readonly string[];
  months(doc: Record<string, unknown>): string[];
  related?(conn: Connection, doc: Record<string, unknown>, companyId: Types.ObjectId): Promise<string[]>;
}

type Plain = Record<string, unknown>;
const WRITES: MongooseQueryMiddleware[] = ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace', 'deleteOne', 'deleteMany', 'findOneAndDelete'];
const DELETES = new Set(['deleteOne', 'deleteMany', 'findOneAndDelete']);

/** Whether an update (operators or a replacement) sets or unsets one of `fields`. */
function touches(update: unknown, fields: readonly string[]): boolean {
  if (!update || typeof update !== 'object') return true;
  if (Array.isArray(update)) return true;
  const parts = Object.entries(update as Plain);
  const operators = parts.filter(([key]) => key.startsWith('$'));
  const named = operators.length === 0 ? parts.map(([key]) => key) : operators.flatMap(([, value]) => (value && typeof value === 'object' ? Object.keys(value as Plain) : []));
  return named.some((path) => fields.some((field) => path === field || path.startsWith(`${field}.`)));
}

function companyOf(doc: Plain): Types.ObjectId | null {
  const value = doc.companyId;
  if (value instanceof Types.ObjectId) return value;
  return typeof value === 'string' && Types.ObjectId.isValid(value) ? new Types.ObjectId(value) : null;
}

async function monthsOfDocs(conn: Connection, source: StatisticsSource, docs: readonly Plain[]): Promise<Map<string, { companyId: Types.ObjectId; months: Set<string> }>> {
  const byCompany = new Map<string, { companyId: Types.ObjectId; months: Set<string> }>();
  for (const doc of docs) {
    const companyId = companyOf(doc);
    if (!companyId) continue;
    const entry = byCompany.get(companyId.toHexString()) ?? { companyId, months: new Set<string>() };
    for (const month of source.months(doc)) entry.months.add(month);
    if (source.related) for (const month of await source.related(conn, doc, companyId)) entry.months.add(month);
    byCompany.set(companyId.toHexString(), entry);
  }
  return byCompany;
}

async function recordChanges(conn: Connection, source: StatisticsSource, docs: readonly Plain[]): Promise<void> {
  const at = Date.now();
  const changes = [...(await monthsOfDocs(conn, source, docs)).values()].flatMap(({ companyId, months }) => [...months].map((month) => ({ companyId, month, at })));
  if (changes.length > 0) await conn.model('StatisticsChange').insertMany(changes);
}

/**
 * The hooks on a schema whose records the figures count. A query's write reads the records it is about to change
 * first (only the fields the count reads; a delete or an update of such a field), and again after: the months before
 * and after both changed. The change is recorded before the write's caller goes on.
 */
export function recordStatisticsChanges(schema: Schema, source: StatisticsSource): void {
  const projection = Object.fromEntries(['companyId', ...source.fields].map((field) => [field, 1]));
  type Tracked = Query<unknown, unknown> & { _statisticsBefore?: Plain[]; op?: string };
  const read = (query: Query<unknown, unknown>, filter: Plain) => {
    const crossTenant = (query.getOptions() as { crossTenant?: string }).crossTenant;
    return query.model.find(filter, projection).setOptions(crossTenant ? { crossTenant } : {}).lean<Plain[]>();
  };

  schema.pre(WRITES, async function beforeQueryWrite(this: Tracked) {
    if (!DELETES.has(this.op ?? '') && !touches(this.getUpdate(), source.fields)) return;
    this._statisticsBefore = await read(this, this.getFilter());
  });
  schema.post(WRITES, async function afterQueryWrite(this: Tracked) {
    const before = this._statisticsBefore;
    if (!before || before.length === 0) return;
    const after = DELETES.has(this.op ?? '') ? [] : await read(this, { _id: { $in: before.map((doc) => doc._id) }, companyId: before[0]!.companyId });
    await recordChanges(this.model.db, source, [...before, ...after]);
  });

  schema.pre('save', async function beforeSave() {
    if (this.isNew || !source.fields.some((field) => this.isModified(field))) return;
    const stored = await (this.constructor as Model<unknown>).findOne({ _id: this._id, companyId: this.get('companyId') }, projection).lean<Plain>();
    this.$locals.statisticsBefore = stored ?? null;
    this.$locals.statisticsChanged = true;
  });
  schema.pre('save', function rememberNew() {
    if (this.isNew) this.$locals.statisticsChanged = true;
  });
  schema.post('save', async function afterSave() {
    if (!this.$locals.statisticsChanged) return;
    const before = this.$locals.statisticsBefore as Plain | null | undefined;
    await recordChanges((this.constructor as Model<unknown>).db, source, [this.toObject(), ...(before ? [before] : [])]);
  });
  schema.post('insertMany', async function afterInsertMany(this: Model<unknown>, docs: unknown) {
    const list = (Array.isArray(docs) ? docs : [docs]) as Plain[];
    await recordChanges(
      this.db,
      source,
      list.map((doc) => (typeof (doc as { toObject?: unknown }).toObject === 'function' ? ((doc as unknown as { toObject(): Plain }).toObject()) : doc)),
    );
  });
}
