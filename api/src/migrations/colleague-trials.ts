/**
 * Colleagues made on the users page before colleagues had plans of their own carry only a `trial` stamp and no subscription of their own, so
 * the dispatcher, which refuses a colleague by their own subscription, let them work on the clinic's plan for ever.
 * This gives each the subscription the users page makes now (domain/therapists/trial.ts): a trial that ends 90 days
 * after the colleague was created, after which the owner's choice is Pro, as for an invited colleague whose trial has
 * ended; but never sooner than MIGRATION_GRACE_MS after the migration runs, so that a colleague made long ago is not
 * locked out on the day this ships: the owner has a month to choose.
 *
 * Left alone: owners, deleted therapists, and former owners (the `from` of an owner handover: they worked on the
 * clinic's plan as its owner and keep doing so, as before). One cursor, one document at a time, each updated only if
 * it still has no subscription, so running it again (or beside an owner's choice) changes nothing more.
 */
import type { Connection, Types } from 'mongoose';
import { usersPageTrial } from '../domain/therapists/trial.js';
import { announceSignInChanges } from '../models/sign-in-changes.js';
import type { Migration } from './runner.js';

const PAGE = 200;
export const MIGRATION_GRACE_MS = 30 * 24 * 3_600_000;

interface RawTherapist {
  _id: Types.ObjectId;
  createdAt?: unknown;
  subscription?: unknown;
  deletedAt?: unknown;
}

export async function giveColleaguesTheirTrial(conn: Connection, now = Date.now()): Promise<number> {
  // The driver's collections: the models' tenant guard wants a clinic, and this pass is over every clinic.
  const therapists = conn.model('Therapist').collection;
  const formerOwners = new Set<string>();
  for await (const change of conn.model('OwnerChange').collection.find({}, { projection: { from: 1 } }).batchSize(PAGE)) {
    formerOwners.add(String(change.from));
  }
  let changed = 0;
  // One cursor: FerretDB pushes down no range or sort, so paging by `_id` would scan the collection once per page.
  const cursor = therapists.find({ isAdmin: { $ne: true } }, { projection: { createdAt: 1, subscription: 1, deletedAt: 1 } }).batchSize(PAGE);
  for await (const doc of cursor as AsyncIterable<RawTherapist>) {
    if (doc.subscription || doc.deletedAt || formerOwners.has(doc._id.toString())) continue;
    const createdAt = typeof doc.createdAt === 'number' ? doc.createdAt : doc._id.getTimestamp().getTime();
    const { subscription } = usersPageTrial(createdAt);
    subscription.endsAt = Math.max(subscription.endsAt, now + MIGRATION_GRACE_MS);
    const result = await therapists.updateOne({ _id: doc._id, subscription: null, isAdmin: { $ne: true } }, { $set: { subscription } });
    changed += result.modifiedCount;
  }
  // Past the models: the API processes' sign-in caches hear of it from here (models/sign-in-changes.ts).
  if (changed > 0) await announceSignInChanges(conn, [{ kind: 'therapist', id: null, companyId: null }]);
  return changed;
}

export const colleagueTrialsMigration: Migration = {
  id: 'colleague-trials',
  run: async (conn) => void (await giveColleaguesTheirTrial(conn)),
};
