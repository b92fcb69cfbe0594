/**
 * Treatment journals (spec 2, Journal). The server decides every 24-hour window from its own clock and stamps: a
 * journal is writable until 24 hours after its booking ended, a field until 24 hours after its first input (the stamp
 * is set here, never taken from the browser). Saves are versioned (data/concurrency/versioned-save.ts): of two saves
 * on one version one wins and the other answers 409, and every change keeps the previous value in the history.
 * A journal is reached through a client the caller may see; its `_id` is its booking's.
 */
import { Types } from 'mongoose';
import {
  clientMessages,
  isFieldEditable,
  isJournalEditable,
  JOURNAL_FIELD_LABELS,
  JOURNAL_FIRST_INPUT_STAMP,
  JOURNAL_TEXT_FIELDS,
  type Journal,
  type JournalTextField,
  type ParsedInput,
} from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { saveVersioned } from '../../data/concurrency/versioned-save.js';
import { ConflictError, ForbiddenError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { FieldCommentDoc, JournalDoc } from '../../models/index.js';
import { visibleClient } from '../clients/clients.js';
import { changedByName, draftOf, type FieldChange } from '../clients/history.js';
import { visibleJournal } from './access.js';
import { toComment } from './views.js';

function toJournal(journal: JournalDoc, comments: FieldCommentDoc[], now: number): Journal {
  const open = isJournalEditable(journal.to, now);
  const stamp = (field: JournalTextField) => (journal as unknown as Record<string, number | null>)[JOURNAL_FIRST_INPUT_STAMP[field]] ?? null;
  return {
    id: journal._id.toString(),
    clientId: journal.clientId.toString(),
    therapistId: journal.therapistId.toString(),
    treatmentId: journal.treatmentId ? journal.treatmentId.toString() : null,
    bookingId: journal._id.toString(),
    from: journal.from,
    to: journal.to,
    treatmentName: journal.treatmentName ?? '',
    effect: journal.effect ?? '',
    treatment: journal.treatment ?? '',
    followUp: journal.followUp ?? '',
    remark: journal.remark ?? '',
    firstInputEffectDate: journal.firstInputEffectDate ?? null,
    firstInputTreatmentUpDate: journal.firstInputTreatmentUpDate ?? null,
    firstInputFollowUpDate: journal.firstInputFollowUpDate ?? null,
    firstInputRemarkUpDate: journal.firstInputRemarkUpDate ?? null,
    updatedAt: journal.updatedAt ?? 0,
    updatedBy: journal.updatedBy ?? '',
    version: journal.version ?? 0,
    editable: open,
    fieldEditable: {
      effect: open && isFieldEditable(stamp('effect'), now),
      treatment: open && isFieldEditable(stamp('treatment'), now),
      followUp: open && isFieldEditable(stamp('followUp'), now),
      remark: open && isFieldEditable(stamp('remark'), now),
    },
    comments: comments.filter((comment) => comment.journalId?.equals(journal._id) && !comment.customFieldId).map((comment) => toComment(comment, now)),
  };
}

async function journalView(ctx: TherapistContext, journal: JournalDoc): Promise<Journal> {
  const comments = await ctx.db.FieldComment.find({ journalId: journal._id }).sort({ createdAt: 1 }).lean();
  return toJournal(journal, comments, ctx.now());
}

export async function journalFromBooking(ctx: TherapistContext, bookingId: string): Promise<Journal | null> {
  // A journal of a client the caller may not see is not found (the model's `client` rule), as if there were none.
  const journal = await ctx.db.Journal.findById(new Types.ObjectId(bookingId)).lean();
  return journal && journalView(ctx, journal);
}

export async function journalsOfClient(ctx: TherapistContext, clientId: string): Promise<Journal[]> {
  const client = await visibleClient(ctx, clientId);
  const [journals, comments] = await Promise.all([
    ctx.db.Journal.find({ clientId: client._id }).sort({ from: -1 }).limit(500).lean(),
    ctx.db.FieldComment.find({ clientId: client._id, journalId: { $ne: null } }).sort({ createdAt: 1 }).lean(),
  ]);
  const now = ctx.now();
  return journals.map((journal) => toJournal(journal, comments, now));
}

/** Opens the journal of a booking; its `_id` is the booking's, so a booking never gets two. */
export async function openJournal(ctx: TherapistContext, input: ParsedInput<'addJournal'>): Promise<Journal> {
  // Any booking of the clinic: what decides is whether the caller may see its client (a colleague's booking of
  // the caller's client has a journal the caller may write).
  const booking = await ctx.db.clinic('booking-of-a-visible-client').Booking.findById(new Types.ObjectId(input.bookingId)).lean();
  if (!booking || !booking.treatmentId) throw new NotFoundError(clientMessages.bookingNotFound);
  const client = await visibleClient(ctx, booking.clientId);
  if (input.clientId && input.clientId !== client._id.toString()) throw new ValidationError(clientMessages.bookingNotFound);
  const existing = await ctx.db.Journal.findById(booking._id).lean();
  if (existing) return journalView(ctx, existing);
  if (!isJournalEditable(booking.to, ctx.now())) throw new ForbiddenError(clientMessages.journalClosed);
  try {
    await ctx.db.Journal.create({
      _id: booking._id,
      clientId: client._id,
      therapistId: booking.therapistId,
      treatmentId: booking.treatmentId,
      from: booking.from,
      to: booking.to,
      treatmentName: booking.treatmentName ?? '',
      updatedBy: changedByName(ctx),
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  await ctx.db.clinic('booking-of-a-visible-client').Booking.updateOne({ _id: booking._id }, { $set: { journalId: booking._id }, $inc: { version: 1 } });
  return journalView(ctx, await visibleJournal(ctx, booking._id));
}

export async function saveJournal(ctx: TherapistContext, input: ParsedInput<'setJournal'>): Promise<Journal> {
  const journal = await visibleJournal(ctx, input.id);
  const now = ctx.now();
  if ((journal.version ?? 0) !== input.version) throw new ConflictError(clientMessages.journalChanged);
  if (!isJournalEditable(journal.to, now)) throw new ForbiddenError(clientMessages.journalClosed);
  const set: Record<string, unknown> = {};
  const changes: FieldChange[] = [];
  const record = journal as unknown as Record<string, string | number | null | undefined>;
  for (const field of JOURNAL_TEXT_FIELDS) {
    const value = input.changes[field];
    if (value === undefined || value === (record[field] ?? '')) continue;
    const stampName = JOURNAL_FIRST_INPUT_STAMP[field];
    const stamp = (record[stampName] as number | null | undefined) ?? null;
    if (!isFieldEditable(stamp, now)) throw new ForbiddenError(clientMessages.fieldLocked(JOURNAL_FIELD_LABELS[field]));
    set[field] = value;
    if (stamp === null && value.trim() !== '') set[stampName] = now;
    changes.push({ field, previous: String(record[field] ?? ''), value });
  }
  if (changes.length === 0) return journalView(ctx, journal);
  await saveVersioned(
    ctx.db,
    draftOf(ctx, { clientId: journal.clientId, journalId: journal._id, entity: 'journal', entityId: journal._id, changes }),
    {
      version: input.version,
      currentVersion: async () => (await ctx.db.Journal.findById(journal._id, { version: 1 }).lean())?.version ?? null,
      apply: async (nextVersion) =>
        (await ctx.db.Journal.updateOne({ _id: journal._id, version: input.version }, { $set: { ...set, version: nextVersion, updatedBy: changedByName(ctx) } })).modifiedCount === 1,
    },
    clientMessages.journalChanged,
  );
  return journalView(ctx, await visibleJournal(ctx, journal._id));
}
