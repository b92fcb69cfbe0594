/**
 * The caller-scoped data access: `ctx.db.<Model>` is the model as one caller may use it. Every query gets the
 * caller's company; for a therapist who is not the owner, models whose rule names an `owner` field also get the
 * therapist ('the owner sees all of the clinic's, a therapist their own', written once here instead of in each
 * aggregate). Inserts are stamped with the company; an update cannot move a document to another clinic.
 *
 *   ctx.db.Booking.find({ clientId })          the bookings of this client the caller may see
 *   ctx.db.clinic.Booking.updateMany(...)      all of the clinic's, for consistency work across therapists
 *                                              (a client's new name on every booking); say why where it is used
 *
 * The methods are mongoose's own (the same overloads and lean/sort/limit chains); only the filter, the inserted
 * documents and the pipeline are changed on the way. Anything else a model has (collection, bulkWrite, watch …) is
 * not reachable: the proxy throws. The guard in models/scope.ts catches a tenant query that bypasses this layer.
 */
import { Types } from 'mongoose';
import { messages } from '@klinik/core/rules';
import { ForbiddenError } from '../errors.js';
import { MODEL_SCOPES, type ModelName, type Models } from '../models/index.js';
import { messageLeases, type MessageLeases } from './concurrency/message-leases.js';
import { stamjournalSeeds, type OnceMarkers } from './concurrency/once-markers.js';
import { courseSeats, type CourseSeats } from './concurrency/seats.js';
import { smsFreeSlots, type SmsFreeSlots } from './concurrency/sms-free-slots.js';
import { slotClaims, type SlotClaims } from './concurrency/slot-claims.js';

/** Who is asking, inside the clinic: decides the `owner` rule. A public page has no viewer. */
export interface Viewer {
  therapistId: Types.ObjectId;
  isOwner: boolean;
}

/** The models with `kind: 'tenant'` (checked against the rules by api/test/tenant-scope.test.ts). */
export const TENANT_MODEL_NAMES = [
  'Therapist',
  'TherapistSeat',
  'OwnerChange',
  'Treatment',
  'Client',
  'ClientFormField',
  'Booking',
  'Leave',
  'OpeningHours',
  'Event',
  'EventDate',
  'EventDateClient',
  'Journal',
  'CustomField',
  'FieldComment',
  'Revision',
  'Image',
  'StorageEntry',
  'DriveConnection',
  'Invoice',
  'InvoiceClaim',
  'InvoiceEvent',
  'Subscription',
  'Purchase',
  'AddOnPurchase',
  'AccountingLink',
  'AccountingPending',
  'AccountingRun',
  'AccountingRunEntry',
  'PublicSubmission',
  'IntakeLinkUse',
  'Newsletter',
  'NewsletterSend',
  'MessageJob',
  'SmsUsage',
  'SmsCharge',
  'SupportUpload',
  'SupportMeeting',
  'ImportRun',
] as const satisfies readonly ModelName[];
export type TenantModelName = (typeof TENANT_MODEL_NAMES)[number];

const FILTER_FIRST = ['find', 'findOne', 'countDocuments', 'exists', 'deleteOne', 'deleteMany', 'findOneAndDelete'] as const;
const UPDATES = ['updateOne', 'updateMany', 'findOneAndUpdate'] as const;
type RootMethod = 'findOne' | 'findById' | 'exists' | 'updateOne' | 'findOneAndUpdate';

type ScopedMethod = (typeof FILTER_FIRST)[number] | (typeof UPDATES)[number] | 'distinct' | 'findById' | 'create' | 'insertMany' | 'aggregate';
export type Scoped<M> = Pick<M, ScopedMethod & keyof M>;
export type ScopedRoot<M> = Pick<M, RootMethod & keyof M>;

type TenantModels = { [K in TenantModelName]: Scoped<Models[K]> };

export type TenantDb = TenantModels & {
  /** The clinic's id every query carries. */
  readonly companyId: Types.ObjectId;
  /** The clinic itself: its own record only. */
  readonly Company: ScopedRoot<Models['Company']>;
  /** The same models without the `owner` rule: all of the clinic's data (still only this clinic's). */
  readonly clinic: TenantModels;
  /** The clinic's slot claims (bookings, leaves and course days never overlap). */
  readonly slots: SlotClaims;
  /** Numbered seats of course days. */
  readonly seats: CourseSeats;
  /** 'Created once' markers of clients' fixed Stamjournal fields. */
  readonly stamjournalSeeds: OnceMarkers;
  /** Claims of message jobs for one attempt each (jobs/message-runner.ts). */
  readonly messageLeases: MessageLeases;
  /** The numbered free SMS of therapists' months (domain/contact/sms-ledger.ts). */
  readonly smsFreeSlots: SmsFreeSlots;
};

type Filter = Record<string, unknown>;

/** Two scope values are the same: equal, or ObjectIds (or other objects with a value) that print the same. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const printed = (value: unknown) => (value instanceof Types.ObjectId ? value.toHexString() : null);
  const left = printed(a);
  return left !== null && left === printed(b);
}

/** `filter` with every scope condition added; a key the filter already restricts otherwise goes into `$and`. */
export function withScope(filter: Filter | undefined, scope: Filter): Filter {
  const merged: Filter = { ...(filter ?? {}) };
  const extra: Filter[] = [];
  for (const [key, value] of Object.entries(scope)) {
    if (!(key in merged)) merged[key] = value;
    else if (!sameValue(merged[key], value)) extra.push({ [key]: value });
  }
  if (extra.length) merged.$and = [...((merged.$and as Filter[] | undefined) ?? []), ...extra];
  return merged;
}

function refuseScopeChange(update: unknown, fields: readonly string[], model: string): void {
  if (!update || typeof update !== 'object') return;
  const parts = [update as Filter, ...Object.entries(update as Filter).filter(([key]) => key.startsWith('$')).map(([, value]) => value as Filter)];
  for (const part of parts) {
    if (part && typeof part === 'object' && fields.some((field) => field in part)) {
      throw new Error(`${model}: an update may not change ${fields.join(' or ')}`);
    }
  }
}

function scopedModel(model: object, name: string, scope: Filter, ownerField: string | null, viewer: Viewer | undefined): object {
  const stamp = (doc: unknown) => {
    const record = { ...(doc as Filter) };
    for (const [key, value] of Object.entries(scope)) {
      if (record[key] === undefined) record[key] = value;
      else if (!sameValue(record[key], value)) {
        if (key === ownerField) throw new ForbiddenError(messages.forbidden);
        throw new Error(`${name}: a document of another clinic cannot be inserted here`);
      }
    }
    return record;
  };
  const target = model as Record<string, (...args: unknown[]) => unknown>;
  const protectedFields = ownerField && viewer && !viewer.isOwner ? ['companyId', ownerField] : ['companyId'];
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    distinct: (field, filter, ...rest) => target.distinct!.call(model, field, withScope(filter as Filter, scope), ...rest),
    findById: (id, ...rest) => target.findOne!.call(model, withScope({ _id: id }, scope), ...rest),
    // Inserts answer promises; a refused stamp is a rejected promise like any failed insert.
    create: async (docs, ...rest) => target.create!.call(model, Array.isArray(docs) ? docs.map(stamp) : stamp(docs), ...rest),
    insertMany: async (docs, ...rest) => target.insertMany!.call(model, Array.isArray(docs) ? docs.map(stamp) : stamp(docs), ...rest),
    aggregate: (pipeline, ...rest) => target.aggregate!.call(model, [{ $match: scope }, ...((pipeline as unknown[] | undefined) ?? [])], ...rest),
  };
  for (const method of FILTER_FIRST) methods[method] = (filter, ...rest) => target[method]!.call(model, withScope(filter as Filter, scope), ...rest);
  for (const method of UPDATES) {
    methods[method] = (filter, update, ...rest) => {
      refuseScopeChange(update, protectedFields, name);
      return target[method]!.call(model, withScope(filter as Filter, scope), update, ...rest);
    };
  }
  return new Proxy(model, {
    get(_target, property) {
      if (typeof property === 'string' && property in methods) return methods[property];
      if (property === 'modelName') return name;
      throw new Error(`${name}.${String(property)} is not part of the scoped data access (data/tenant-db.ts)`);
    },
  });
}

function scopedRoot(model: object, companyId: Types.ObjectId): object {
  const target = model as Record<string, (...args: unknown[]) => unknown>;
  const own = { _id: companyId };
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    findOne: (filter, ...rest) => target.findOne!.call(model, withScope(filter as Filter, own), ...rest),
    findById: (_id, ...rest) => target.findOne!.call(model, own, ...rest),
    exists: (filter) => target.exists!.call(model, withScope(filter as Filter, own)),
    updateOne: (filter, update, ...rest) => target.updateOne!.call(model, withScope(filter as Filter, own), update, ...rest),
    findOneAndUpdate: (filter, update, ...rest) => target.findOneAndUpdate!.call(model, withScope(filter as Filter, own), update, ...rest),
  };
  return new Proxy(model, {
    get(_target, property) {
      if (typeof property === 'string' && property in methods) return methods[property];
      throw new Error(`Company.${String(property)} is not part of the scoped data access (data/tenant-db.ts)`);
    },
  });
}

/** Defines `name` on `target` as a property made on first use (a request touches a few models, not all of them). */
function lazy<T extends object>(target: T, name: string, make: () => unknown): void {
  Object.defineProperty(target, name, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(target, name, { value, enumerable: true });
      return value;
    },
  });
}

/** The data of clinic `companyId` as `viewer` may use it (no viewer: a public page of that clinic). */
export function tenantDb(models: Models, companyId: Types.ObjectId, viewer?: Viewer): TenantDb {
  const build = (applyOwner: boolean): TenantModels => {
    const scoped = {} as TenantModels;
    for (const name of TENANT_MODEL_NAMES) {
      lazy(scoped, name, () => {
        const rule = MODEL_SCOPES[name];
        const ownerField = rule.kind === 'tenant' && rule.owner ? rule.owner : null;
        const scope: Filter = { companyId };
        if (applyOwner && ownerField && viewer && !viewer.isOwner) scope[ownerField] = viewer.therapistId;
        return scopedModel(models[name], name, scope, applyOwner ? ownerField : null, applyOwner ? viewer : undefined);
      });
    }
    return scoped;
  };
  const db = build(true) as TenantDb & Record<string, unknown>;
  Object.defineProperty(db, 'companyId', { value: companyId, enumerable: true });
  lazy(db, 'Company', () => scopedRoot(models.Company, companyId));
  lazy(db, 'clinic', () => build(false));
  lazy(db, 'slots', () => slotClaims(models, companyId));
  lazy(db, 'seats', () => courseSeats(models));
  lazy(db, 'stamjournalSeeds', () => stamjournalSeeds(models));
  lazy(db, 'messageLeases', () => messageLeases(models));
  lazy(db, 'smsFreeSlots', () => smsFreeSlots(models));
  return db;
}
