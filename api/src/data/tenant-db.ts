/**
 * The caller-scoped data access: `ctx.db.<Model>` is the model as one caller may use it. Every query gets the
 * caller's company; for a therapist who is not the owner, models whose rule names an `owner` field also get the
 * therapist ('the owner sees all of the clinic's, a therapist their own', written once here instead of in each
 * aggregate), and models whose rule names a `client` field get 'only through a client the caller may see' (a
 * colleague never reads a therapist's journals). Inserts are stamped with the company; an update cannot move a
 * document to another clinic.
 *
 *   ctx.db.Booking.find({ clientId })                              the bookings of this client the caller may see
 *   ctx.db.clinic('client-record-copies').Booking.updateMany(...)  all of the clinic's, past both rules, for one of
 *                                                                  the named reasons below (the scope test lists
 *                                                                  which file may give which)
 *
 * The methods are mongoose's own (the same overloads and lean/sort/limit chains); only the filter, the inserted
 * documents and the pipeline are changed on the way. Anything else a model has (collection, bulkWrite, watch …) is
 * not reachable: the proxy throws. The guard in models/scope.ts catches a tenant query that bypasses this layer.
 */
import { Types } from 'mongoose';
import { messages } from '@klinik/core/rules';
import { ForbiddenError } from '../errors.js';
import { MODEL_SCOPES, type ModelName, type Models } from '../models/index.js';
import { throughVisibleClient, type ClientCondition } from '../models/scope.js';
import { messageLeases, type MessageLeases } from './concurrency/message-leases.js';
import { bookingPaymentMarkers, type BookingPaymentMarkers } from './concurrency/booking-payment-markers.js';
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
  'CalendarFeed',
  'WaitlistEntry',
  'FreedTime',
  'WaitlistOffer',
  'WaitlistOfferOutcome',
  'AccessLog',
  'Room',
  'StatisticsMonth',
  'StatisticsChange',
  'BookingPayment',
  'ClinicPaymentAccount',
] as const satisfies readonly ModelName[];
export type TenantModelName = (typeof TENANT_MODEL_NAMES)[number];

const FILTER_FIRST = ['find', 'findOne', 'countDocuments', 'exists', 'deleteOne', 'deleteMany', 'findOneAndDelete'] as const;
const UPDATES = ['updateOne', 'updateMany', 'findOneAndUpdate'] as const;
type RootMethod = 'findOne' | 'findById' | 'exists' | 'updateOne' | 'findOneAndUpdate';

type ScopedMethod = (typeof FILTER_FIRST)[number] | (typeof UPDATES)[number] | 'distinct' | 'findById' | 'create' | 'insertMany' | 'aggregate';
export type Scoped<M> = Pick<M, ScopedMethod & keyof M>;
export type ScopedRoot<M> = Pick<M, RootMethod & keyof M>;

type TenantModels = { [K in TenantModelName]: Scoped<Models[K]> };

/**
 * Why code reaches all of the clinic's data past 'a therapist sees their own' and 'only through a visible client'.
 * api/test/tenant-scope.test.ts lists which files may give which reason; a new use is a new line there.
 */
export const CLINIC_WIDE_REASONS = {
  'invoice-numbering': "the clinic's one sequence of invoice numbers and its claims, shared by every therapist",
  'invoice-of-a-visible-record': 'the invoice, credit note or payment of a booking or invoice the caller may see, whoever issued it',
  'invoice-recipient': "the client an invoice the caller may see is addressed to, whoever's client that is",
  'merged-statement': "a visible client's invoices by every therapist, gathered in one statement",
  'clinic-wide-check': "a yes/no about the whole clinic that shows no record (a client's first booking, a journal on a booking, a CPR number taken)",
  'client-record-copies': "a visible client's changed facts copied onto every booking of that client, a colleague's too",
  'booking-of-a-visible-client': "a colleague's booking of a client the caller may see, to open its journal",
  'course-days': "a course's days and sign-ups, read and written with the course's own visibility",
  'public-page': 'what a public page or a signed link writes for the therapist or client it names, or its reviewer accepts',
  'message-planning': "reminders, follow-ups and newsletters planned, sent and counted for the clinic's clients",
  'sms-ledger': "the clinic's shared allowance and ledger of SMS",
  'accounting-transfer': "the clinic's books sent to its accounting system: every invoice with its client and treatment",
  'room-bookings': "the times the clinic's bookings hold a room or equipment, to find a free one (no booking is shown)",
  'import': "another system's data imported into the whole clinic",
  'erasure': "a client's or a clinic's data removed or cut to what bookkeeping must keep, whoever wrote it",
  'stamjournal-seed': "a client's fixed Stamjournal fields, created once by whoever books the client first",
  statistics: "the clinic's monthly figures counted from all of its bookings, invoices and SMS (a therapist is shown only their own)",
} as const;
export type ClinicWideReason = keyof typeof CLINIC_WIDE_REASONS;

export type TenantDb = TenantModels & {
  /** The clinic's id every query carries. */
  readonly companyId: Types.ObjectId;
  /** The clinic itself: its own record only. */
  readonly Company: ScopedRoot<Models['Company']>;
  /** The same models without the `owner` and `client` rules: all of the clinic's data (still only this clinic's). */
  readonly clinic: (reason: ClinicWideReason) => TenantModels;
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
  /** Once-decided outcomes of booking payments (paid or expired; each refund). */
  readonly bookingPaymentMarkers: BookingPaymentMarkers;
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

/** The rule 'only through a client the caller may see' of a model whose documents belong to a client. */
interface ClientRule {
  field: string;
  condition: ClientCondition;
  /** Whether the caller may see client `id` (an insert naming another client is refused). */
  visible(id: unknown): Promise<boolean>;
}

function clientRule(clients: Scoped<Models['Client']>, field: string): ClientRule {
  const visible = async (id: unknown) => (id instanceof Types.ObjectId || typeof id === 'string') && Types.ObjectId.isValid(id) && (await clients.exists({ _id: id })) !== null;
  return {
    field,
    visible,
    // A filter already naming one client asks about that one; otherwise the caller's clients are listed (a therapist
    // has their own, not the clinic's thousands: the owner, who sees all, never gets here).
    condition: async (filter) => {
      const named = filter[field];
      if (named instanceof Types.ObjectId || typeof named === 'string') return (await visible(named)) ? {} : { _id: { $in: [] } };
      return { [field]: { $in: await clients.distinct('_id') } };
    },
  };
}

function scopedModel(model: object, name: string, scope: Filter, ownerField: string | null, viewer: Viewer | undefined, client: ClientRule | null): object {
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
  const protectedFields = [...(ownerField && viewer && !viewer.isOwner ? ['companyId', ownerField] : ['companyId']), ...(client ? [client.field] : [])];
  // Queries and aggregations of a `client` model carry the caller's client condition to the model's hook.
  const ofVisibleClient = (query: unknown) => (client ? throughVisibleClient(query as object, client.condition) : query);
  const stampAll = async (docs: unknown) => {
    const stamped = Array.isArray(docs) ? docs.map(stamp) : stamp(docs);
    if (client) for (const doc of [stamped].flat()) if (!(await client.visible(doc[client.field]))) throw new ForbiddenError(messages.forbidden);
    return stamped;
  };
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    distinct: (field, filter, ...rest) => ofVisibleClient(target.distinct!.call(model, field, withScope(filter as Filter, scope), ...rest)),
    findById: (id, ...rest) => ofVisibleClient(target.findOne!.call(model, withScope({ _id: id }, scope), ...rest)),
    // Inserts answer promises; a refused stamp is a rejected promise like any failed insert.
    create: async (docs, ...rest) => target.create!.call(model, await stampAll(docs), ...rest),
    insertMany: async (docs, ...rest) => target.insertMany!.call(model, await stampAll(docs), ...rest),
    aggregate: (pipeline, ...rest) => ofVisibleClient(target.aggregate!.call(model, [{ $match: scope }, ...((pipeline as unknown[] | undefined) ?? [])], ...rest)),
  };
  for (const method of FILTER_FIRST) methods[method] = (filter, ...rest) => ofVisibleClient(target[method]!.call(model, withScope(filter as Filter, scope), ...rest));
  for (const method of UPDATES) {
    methods[method] = (filter, update, ...rest) => {
      refuseScopeChange(update, protectedFields, name);
      return ofVisibleClient(target[method]!.call(model, withScope(filter as Filter, scope), update, ...rest));
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
  const build = (applyRules: boolean): TenantModels => {
    const scoped = {} as TenantModels;
    const restricted = applyRules && viewer !== undefined && !viewer.isOwner;
    for (const name of TENANT_MODEL_NAMES) {
      lazy(scoped, name, () => {
        const rule = MODEL_SCOPES[name];
        const ownerField = rule.kind === 'tenant' && rule.owner ? rule.owner : null;
        const clientField = rule.kind === 'tenant' && rule.client ? rule.client : null;
        const scope: Filter = { companyId };
        if (restricted && ownerField) scope[ownerField] = viewer.therapistId;
        const client = restricted && clientField ? clientRule(scoped.Client, clientField) : null;
        return scopedModel(models[name], name, scope, applyRules ? ownerField : null, applyRules ? viewer : undefined, client);
      });
    }
    return scoped;
  };
  const db = build(true) as TenantDb & Record<string, unknown>;
  Object.defineProperty(db, 'companyId', { value: companyId, enumerable: true });
  lazy(db, 'Company', () => scopedRoot(models.Company, companyId));
  let clinicWide: TenantModels | undefined;
  Object.defineProperty(db, 'clinic', {
    enumerable: true,
    value: (reason: ClinicWideReason) => {
      // The type names the reasons; this keeps a caller outside the type checker (a script) to them too.
      if (!(reason in CLINIC_WIDE_REASONS)) throw new Error(`db.clinic: '${String(reason)}' is not a reason of CLINIC_WIDE_REASONS`);
      return (clinicWide ??= build(false));
    },
  });
  lazy(db, 'slots', () => slotClaims(models, companyId));
  lazy(db, 'seats', () => courseSeats(models));
  lazy(db, 'stamjournalSeeds', () => stamjournalSeeds(models));
  lazy(db, 'messageLeases', () => messageLeases(models));
  lazy(db, 'smsFreeSlots', () => smsFreeSlots(models));
  lazy(db, 'bookingPaymentMarkers', () => bookingPaymentMarkers(models, companyId));
  return db;
}
