/**
 * Public submissions nobody will act on any more are not kept (health data goes only where it must; being
 * someone who asked a psychologist for a time is itself health data). The sweeper removes a pending submission when
 * - it asks for a booking whose time ended more than `PASSED_GRACE_MS` ago (it can no longer be accepted), or
 * - it asks for course days that all ended more than `PASSED_GRACE_MS` ago, or
 * - it has waited `PENDING_MAX_MS` (14 days) whatever it asks for (an intake form nobody reviewed): a
 *   submission nobody looked at in two weeks will not be, and a queue strangers filled empties itself. Not a signed-in
 *   client's request for their journal ('Mine tider'): that waits until the therapist answers it.
 * One cursor over the submissions, deletes in small batches by `_id` (FerretDB fails a deleteMany of tens of thousands).
 */
import type { Types } from 'mongoose';
import type { Models } from '../../models/index.js';

export const PASSED_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
export const PENDING_MAX_MS = 14 * 24 * 60 * 60 * 1000;
const BATCH = 200;
const WHY = { crossTenant: 'sweeper: public submissions nobody can act on any more, in every clinic' };

export async function sweepStaleSubmissions(models: Models, now: number): Promise<number> {
  const cursor = models.PublicSubmission.find({}, { kind: 1, to: 1, eventDateIds: 1, createdAt: 1 }).setOptions(WHY).lean().cursor({ batchSize: 500 });
  const courseDaysEnd = new Map<string, number>();
  let stale: Types.ObjectId[] = [];
  let removed = 0;
  const flush = async () => {
    if (stale.length === 0) return;
    // A held booking paid at booking waits for its answer or its time (booking-payments/expire.ts refunds it then).
    const paid = new Set((await models.BookingPayment.find({ _id: { $in: stale }, state: 'paid' }, { _id: 1 }).setOptions(WHY).lean()).map((payment) => payment._id.toString()));
    const batch = stale.filter((id) => !paid.has(id.toString()));
    stale = [];
    const { deletedCount } = await models.PublicSubmission.deleteMany({ _id: { $in: batch } }).setOptions(WHY);
    removed += deletedCount;
  };
  for await (const submission of cursor) {
    // A client's request for their journal is a right the clinic must answer, however long it has waited.
    let gone = submission.kind !== 'journal-request' && submission.createdAt < now - PENDING_MAX_MS;
    if (!gone && submission.kind === 'booking') gone = submission.to > 0 && submission.to < now - PASSED_GRACE_MS;
    if (!gone && submission.kind === 'course' && submission.eventDateIds.length > 0) {
      const unknown = submission.eventDateIds.map(String).filter((id) => !courseDaysEnd.has(id));
      if (unknown.length > 0) {
        for (const day of await models.EventDate.find({ _id: { $in: unknown } }, { to: 1 }).setOptions(WHY).lean()) courseDaysEnd.set(day._id.toString(), day.to);
      }
      // A course day that no longer exists has ended as far as this request goes.
      gone = submission.eventDateIds.every((id) => (courseDaysEnd.get(id.toString()) ?? 0) < now - PASSED_GRACE_MS);
    }
    if (gone) stale.push(submission._id);
    if (stale.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}
