/**
 * Every model declares who its documents belong to, beside its schema; models/index.ts collects the rules, and
 * api/test/tenant-scope.test.ts fails for a model without one. The rule decides how the data is reached:
 *
 * - `tenant`: a clinic's data. It carries `companyId`, and is reached through the caller-scoped data access
 *   (data/tenant-db.ts), which adds the company to every query and stamps it on every insert. `owner` names the
 *   field that says whose it is when the rule is 'the owner sees all of the clinic's, a therapist their own'.
 *   `client` names the field of the client a document belongs to (a journal, a field, an image): it is reached only
 *   through a client the caller may see, by the Client model's own rule (a therapist's colleague never reads it).
 *   A query of tenant data without `companyId` fails at run time (the guard below), unless it says why it must look
 *   across clinics with the query option `crossTenant` (sign-in by username, the therapist a public page names,
 *   the sweeper).
 * - `tenant-root`: the clinic itself (Company): its `_id` is the company id.
 * - `derived`: concurrency records without a company field, whose deterministic `_id` is made from a tenant record
 *   (a booking's time units, a course day's seats): reached only through the module named in `via`.
 * - `platform`: not a clinic's data (support-team users, single-use link tokens, the development outbox).
 */
import type { MongooseQueryMiddleware, Query, Schema } from 'mongoose';

export type ScopeRule =
  | { kind: 'tenant'; owner?: 'therapistId' | 'createdBy'; client?: 'clientId' }
  | { kind: 'tenant-root' }
  | { kind: 'derived'; via: string; why: string }
  | { kind: 'platform'; why: string };

export interface ModelDefinition<S extends Schema = Schema> {
  schema: S;
  scope: ScopeRule;
}

/** The query option by which a query of tenant data says why it may look across clinics. */
export interface CrossTenantOptions {
  crossTenant?: string;
}

const QUERY_OPERATIONS: MongooseQueryMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

export class UnscopedQueryError extends Error {
  override name = 'UnscopedQueryError';
}

/** Whether `filter` restricts `field` to one value (directly, or in one of its `$and` parts). */
export function restricts(filter: Record<string, unknown>, field: string): boolean {
  const value = filter[field];
  if (value !== undefined && value !== null) {
    if (typeof value !== 'object' || value instanceof Object === false) return true;
    const operators = Object.keys(value);
    // An ObjectId (or any non-operator object) is a value; of the operators only $eq pins one value.
    if (operators.length === 0 || !operators[0]!.startsWith('$')) return true;
    if (operators.every((operator) => operator === '$eq')) return true;
  }
  const and = filter.$and;
  return Array.isArray(and) && and.some((part) => part !== null && typeof part === 'object' && restricts(part as Record<string, unknown>, field));
}

/**
 * The run-time guard of tenant data: a query without the company fails before it reaches the database, so a
 * forgotten scope is a failing test, never a leak.
 */
function tenantGuard(schema: Schema, field: string): void {
  schema.pre(QUERY_OPERATIONS, function guard(this: Query<unknown, unknown>) {
    if ((this.getOptions() as CrossTenantOptions).crossTenant) return;
    if (!restricts(this.getFilter(), field)) {
      const operation = (this as unknown as { op?: string }).op ?? 'query';
      throw new UnscopedQueryError(`${this.model.modelName}.${operation} without ${field}: tenant data is reached through ctx.db`);
    }
  });
  schema.pre('aggregate', function guard() {
    if ((this.options as CrossTenantOptions).crossTenant) return;
    const first = this.pipeline()[0] as { $match?: Record<string, unknown> } | undefined;
    if (!first?.$match || !restricts(first.$match, field)) {
      throw new UnscopedQueryError(`aggregate without ${field} in its first $match: tenant data is reached through ctx.db`);
    }
  });
}

/**
 * The condition a query of a `client` model gets for one caller, from the filter it already has (data/tenant-db.ts
 * makes it from the Client model as the caller may use it). Kept beside the query, never in its options, so nothing
 * of it reaches the database driver.
 */
export type ClientCondition = (filter: Record<string, unknown>) => Promise<Record<string, unknown>>;
const clientConditions = new WeakMap<object, ClientCondition>();

/** Marks a query or aggregation of a `client` model: its hook adds `condition` before it runs. */
export function throughVisibleClient<Q extends object>(query: Q, condition: ClientCondition): Q {
  clientConditions.set(query, condition);
  return query;
}

/** The hooks of a `client` model: the condition is asynchronous (it asks which clients the caller may see). */
function clientGuard(schema: Schema): void {
  schema.pre(QUERY_OPERATIONS, async function visibleClientOnly(this: Query<unknown, unknown>) {
    const condition = clientConditions.get(this);
    if (!condition) return;
    const extra = await condition(this.getFilter());
    if (Object.keys(extra).length) this.and([extra]);
  });
  schema.pre('aggregate', async function visibleClientOnly() {
    const condition = clientConditions.get(this);
    if (!condition) return;
    // After the company's $match (the first stage), so the guard above still finds it first.
    this.pipeline().splice(1, 0, { $match: await condition({}) });
  });
}

/** A model's schema with its scope rule; tenant schemas get the guard. */
export function defineModel<S extends Schema>(schema: S, scope: ScopeRule): ModelDefinition<S> {
  if (scope.kind === 'tenant') tenantGuard(schema, 'companyId');
  if (scope.kind === 'tenant' && scope.client) clientGuard(schema);
  if (scope.kind === 'tenant-root') tenantGuard(schema, '_id');
  return { schema, scope };
}
