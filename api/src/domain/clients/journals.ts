/**
 * Journals, the Stamjournal and field comments. The server decides every 24-hour window from its own clock and
 * stamps: a journal is writable until 24 hours after its booking ended, a field until 24 hours after its first
 * input (the stamp is set here, never taken from the browser), a comment until 24 hours after it was written.
 * Saves are based on a `version`; of two saves on the same version one wins and the other answers 409
 * (history.ts claimVersion), and every change keeps the previous value in the history.
 */
import { Types } from 'mongoose';
import {
  allowsProFeatures,
  clientMessages,
  isCommentEditable,
  isFieldEditable,
  isJournalEditable,
  JOURNAL_FIELD_LABELS,
  JOURNAL_FIRST_INPUT_STAMP,
  JOURNAL_TEXT_FIELDS,
  STAMJOURNAL_COMMENTABLE_FIELDS,
  STAMJOURNAL_DEFAULT_FIELDS,
  type CustomField,
  type FieldComment,
  type Journal,
  type JournalTextField,
  type ParsedInput,
} from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ConflictError, ForbiddenError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { CustomFieldDoc, FieldCommentDoc, JournalDoc } from '../../models/index.js';
import { changedByName, claimVersion, markApplied, recordChange, releaseClaim, type FieldChange } from './history.js';
import { visibleClient } from './records.js';

function toComment(comment: FieldCommentDoc, now: number): FieldComment {
  return {
    id: comment._id.toString(),
    clientId: comment.clientId.toString(),
    journalId: comment.journalId ? comment.journalId.toString() : null,
    customFieldId: comment.customFieldId ? comment.customFieldId.toString() : null,
    customFieldName: comment.customFieldName,
    value: comment.value,
    createdBy: comment.createdBy,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    editable: isCommentEditable(comment.createdAt, now),
  };
}

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

async function journalView(ctx: ActionContext, journal: JournalDoc): Promise<Journal> {
  const comments = await ctx.models.FieldComment.find({ companyId: ctx.company._id, journalId: journal._id }).sort({ createdAt: 1 }).lean();
  return toJournal(journal, comments, ctx.now());
}

/** The journal `id` of a client the caller may see, or 404. */
async function visibleJournal(ctx: ActionContext, id: string | Types.ObjectId): Promise<JournalDoc> {
  const journal = await ctx.models.Journal.findOne({ _id: new Types.ObjectId(id.toString()), companyId: ctx.company._id }).lean();
  if (!journal) throw new NotFoundError(clientMessages.journalNotFound);
  await visibleClient(ctx, journal.clientId);
  return journal;
}

export async function journalFromBooking(ctx: ActionContext, bookingId: string): Promise<Journal | null> {
  const journal = await ctx.models.Journal.findOne({ _id: new Types.ObjectId(bookingId), companyId: ctx.company._id }).lean();
  if (!journal) return null;
  await visibleClient(ctx, journal.clientId);
  return journalView(ctx, journal);
}

export async function journalsOfClient(ctx: ActionContext, clientId: string): Promise<Journal[]> {
  const client = await visibleClient(ctx, clientId);
  const [journals, comments] = await Promise.all([
    ctx.models.Journal.find({ companyId: ctx.company._id, clientId: client._id }).sort({ from: -1 }).limit(500).lean(),
    ctx.models.FieldComment.find({ companyId: ctx.company._id, clientId: client._id, journalId: { $ne: null } }).sort({ createdAt: 1 }).lean(),
  ]);
  const now = ctx.now();
  return journals.map((journal) => toJournal(journal, comments, now));
}

/** Opens the journal of a booking; its `_id` is the booking's, so a booking never gets two. */
export async function openJournal(ctx: ActionContext, input: ParsedInput<'addJournal'>): Promise<Journal> {
  const booking = await ctx.models.Booking.findOne({ _id: new Types.ObjectId(input.bookingId), companyId: ctx.company._id }).lean();
  if (!booking || !booking.treatmentId) throw new NotFoundError(clientMessages.bookingNotFound);
  const client = await visibleClient(ctx, booking.clientId);
  if (input.clientId && input.clientId !== client._id.toString()) throw new ValidationError(clientMessages.bookingNotFound);
  const existing = await ctx.models.Journal.findOne({ _id: booking._id, companyId: ctx.company._id }).lean();
  if (existing) return journalView(ctx, existing);
  if (!isJournalEditable(booking.to, ctx.now())) throw new ForbiddenError(clientMessages.journalClosed);
  try {
    await ctx.models.Journal.create({
      _id: booking._id,
      companyId: ctx.company._id,
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
  await ctx.models.Booking.updateOne({ _id: booking._id, companyId: ctx.company._id }, { $set: { journalId: booking._id }, $inc: { version: 1 } });
  return journalView(ctx, await visibleJournal(ctx, booking._id));
}

export async function saveJournal(ctx: ActionContext, input: ParsedInput<'setJournal'>): Promise<Journal> {
  const journal = await visibleJournal(ctx, input.id);
  const now = ctx.now();
  if ((journal.version ?? 0) !== input.version) throw new ConflictError(clientMessages.journalChanged);
  if (!isJournalEditable(journal.to, now)) throw new ForbiddenError(clientMessages.journalClosed);
  const set: Record<string, unknown> = {};
  const changes: FieldChange[] = [];
  const record = journal as unknown as Record<string, unknown>;
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
  const nextVersion = input.version + 1;
  const claim = await claimVersion(
    ctx,
    {
      clientId: journal.clientId,
      journalId: journal._id,
      entity: 'journal',
      entityId: journal._id,
      changes,
      nextVersion,
      currentVersion: async () => (await ctx.models.Journal.findById(journal._id, { version: 1 }).lean())?.version ?? null,
    },
    clientMessages.journalChanged,
  );
  const result = await ctx.models.Journal.updateOne(
    { _id: journal._id, companyId: ctx.company._id, version: input.version },
    { $set: { ...set, version: nextVersion, updatedBy: changedByName(ctx) } },
  );
  if (result.modifiedCount !== 1) {
    await releaseClaim(ctx, claim);
    throw new ConflictError(clientMessages.journalChanged);
  }
  await markApplied(ctx, claim);
  return journalView(ctx, await visibleJournal(ctx, journal._id));
}

// ---- custom fields (Stamjournal and journal fields) ----

function toCustomField(field: CustomFieldDoc, comments: FieldCommentDoc[], now: number, journalOpen: boolean): CustomField {
  return {
    id: field._id.toString(),
    clientId: field.clientId.toString(),
    journalId: field.journalId ? field.journalId.toString() : null,
    isJournal: field.isJournal,
    name: field.name,
    value: field.value ?? '',
    locked: Boolean(field.locked),
    position: field.position ?? 0,
    firstInputValueDate: field.firstInputValueDate ?? null,
    updatedAt: field.updatedAt ?? 0,
    updatedBy: field.updatedBy ?? '',
    version: field.version ?? 0,
    editable: journalOpen && isFieldEditable(field.firstInputValueDate ?? null, now),
    commentable: field.isJournal || (field.position ?? 0) < STAMJOURNAL_COMMENTABLE_FIELDS,
    comments: comments.filter((comment) => comment.customFieldId?.equals(field._id)).map((comment) => toComment(comment, now)),
  };
}

async function fieldViews(ctx: ActionContext, fields: CustomFieldDoc[], journalOpen: boolean): Promise<CustomField[]> {
  const comments = fields.length
    ? await ctx.models.FieldComment.find({ companyId: ctx.company._id, customFieldId: { $in: fields.map((field) => field._id) } }).sort({ createdAt: 1 }).lean()
    : [];
  const now = ctx.now();
  return fields.map((field) => toCustomField(field, comments, now, journalOpen));
}

/** The fixed Stamjournal fields are created on the first read; the seed marker's `_id` makes that happen once. */
async function ensureStamjournal(ctx: ActionContext, clientId: Types.ObjectId): Promise<void> {
  if (await ctx.models.StamjournalSeed.exists({ _id: clientId.toString() })) return;
  try {
    await ctx.models.StamjournalSeed.create({ _id: clientId.toString() });
  } catch (error) {
    if (isDuplicateKeyError(error)) return;
    throw error;
  }
  await ctx.models.CustomField.insertMany(
    STAMJOURNAL_DEFAULT_FIELDS.map((name, position) => ({
      companyId: ctx.company._id,
      clientId,
      journalId: null,
      isJournal: false,
      name,
      locked: true,
      position,
    })),
  );
}

export async function stamjournalFields(ctx: ActionContext, clientId: string): Promise<CustomField[]> {
  const client = await visibleClient(ctx, clientId);
  await ensureStamjournal(ctx, client._id);
  const fields = await ctx.models.CustomField.find({ companyId: ctx.company._id, clientId: client._id, journalId: null }).sort({ position: 1, _id: 1 }).lean();
  return fieldViews(ctx, fields, true);
}

export async function journalFields(ctx: ActionContext, journalId: string): Promise<CustomField[]> {
  const journal = await visibleJournal(ctx, journalId);
  const fields = await ctx.models.CustomField.find({ companyId: ctx.company._id, journalId: journal._id }).sort({ position: 1, _id: 1 }).lean();
  return fieldViews(ctx, fields, isJournalEditable(journal.to, ctx.now()));
}

export async function addCustomField(ctx: ActionContext, input: ParsedInput<'addCustomField'>): Promise<CustomField> {
  const client = await visibleClient(ctx, input.clientId);
  let journal: JournalDoc | null = null;
  if (input.isJournal) {
    if (!allowsProFeatures(ctx.company, ctx.now())) throw new ForbiddenError(clientMessages.proOnly);
    journal = await visibleJournal(ctx, input.journalId!);
    if (!journal.clientId.equals(client._id)) throw new NotFoundError(clientMessages.journalNotFound);
    if (!isJournalEditable(journal.to, ctx.now())) throw new ForbiddenError(clientMessages.journalClosed);
  } else {
    await ensureStamjournal(ctx, client._id);
  }
  const last = await ctx.models.CustomField.findOne({ companyId: ctx.company._id, clientId: client._id, journalId: journal?._id ?? null })
    .sort({ position: -1 })
    .lean();
  const field = await ctx.models.CustomField.create({
    companyId: ctx.company._id,
    clientId: client._id,
    journalId: journal?._id ?? null,
    isJournal: input.isJournal,
    name: input.name,
    locked: false,
    position: (last?.position ?? -1) + 1,
    updatedBy: changedByName(ctx),
  });
  await recordChange(ctx, { clientId: client._id, journalId: journal?._id ?? null, entity: 'customField', entityId: field._id, changes: [{ field: 'name', previous: '', value: input.name }] });
  return (await fieldViews(ctx, [field.toObject()], true))[0]!;
}

async function visibleField(ctx: ActionContext, id: string): Promise<{ field: CustomFieldDoc; journalOpen: boolean }> {
  const field = await ctx.models.CustomField.findOne({ _id: new Types.ObjectId(id), companyId: ctx.company._id }).lean();
  if (!field) throw new NotFoundError(clientMessages.fieldNotFound);
  await visibleClient(ctx, field.clientId);
  if (!field.journalId) return { field, journalOpen: true };
  const journal = await visibleJournal(ctx, field.journalId);
  return { field, journalOpen: isJournalEditable(journal.to, ctx.now()) };
}

export async function saveCustomField(ctx: ActionContext, input: ParsedInput<'setCustomField'>): Promise<CustomField> {
  const { field, journalOpen } = await visibleField(ctx, input.id);
  const now = ctx.now();
  if ((field.version ?? 0) !== input.version) throw new ConflictError(clientMessages.fieldChanged);
  if (!journalOpen) throw new ForbiddenError(clientMessages.journalClosed);
  const set: Record<string, unknown> = {};
  const changes: FieldChange[] = [];
  if (input.name !== undefined && input.name !== field.name) {
    if (field.locked) throw new ForbiddenError(clientMessages.fieldIsLocked);
    set.name = input.name;
    changes.push({ field: 'name', previous: field.name, value: input.name });
  }
  if (input.value !== undefined && input.value !== (field.value ?? '')) {
    if (!isFieldEditable(field.firstInputValueDate ?? null, now)) throw new ForbiddenError(clientMessages.fieldLocked(field.name));
    set.value = input.value;
    if (field.firstInputValueDate == null && input.value.trim() !== '') set.firstInputValueDate = now;
    changes.push({ field: field.name, previous: field.value ?? '', value: input.value });
  }
  if (changes.length === 0) return (await fieldViews(ctx, [field], journalOpen))[0]!;
  const nextVersion = input.version + 1;
  const claim = await claimVersion(
    ctx,
    {
      clientId: field.clientId,
      journalId: field.journalId ?? null,
      entity: 'customField',
      entityId: field._id,
      changes,
      nextVersion,
      currentVersion: async () => (await ctx.models.CustomField.findById(field._id, { version: 1 }).lean())?.version ?? null,
    },
    clientMessages.fieldChanged,
  );
  const who = changedByName(ctx);
  const result = await ctx.models.CustomField.updateOne(
    { _id: field._id, companyId: ctx.company._id, version: input.version },
    { $set: { ...set, version: nextVersion, updatedBy: who } },
  );
  if (result.modifiedCount !== 1) {
    await releaseClaim(ctx, claim);
    throw new ConflictError(clientMessages.fieldChanged);
  }
  await markApplied(ctx, claim);
  if (!field.journalId) {
    // The Stamjournal's author on the client; the first booking turns green once the Stamjournal has content.
    await ctx.models.Client.updateOne({ _id: field.clientId, companyId: ctx.company._id }, { $set: { updatedBySJ: who } });
    if (typeof set.value === 'string' && set.value.trim()) {
      await ctx.models.Booking.updateMany(
        { companyId: ctx.company._id, clientId: field.clientId, firstBooking: true, hasStamjournal: false },
        { $set: { hasStamjournal: true }, $inc: { version: 1 } },
      );
    }
  }
  const updated = await ctx.models.CustomField.findById(field._id).lean();
  return (await fieldViews(ctx, [updated!], journalOpen))[0]!;
}

/** Only fields that are not fixed and hold no text: written health data is not deleted this way. */
export async function deleteCustomField(ctx: ActionContext, id: string): Promise<void> {
  const { field, journalOpen } = await visibleField(ctx, id);
  if (field.locked) throw new ForbiddenError(clientMessages.fieldIsLocked);
  if (!journalOpen) throw new ForbiddenError(clientMessages.journalClosed);
  if ((field.value ?? '').trim() !== '') throw new ConflictError('Feltet indeholder tekst og kan ikke slettes. Tøm det først, mens det kan ændres.');
  await ctx.models.CustomField.deleteOne({ _id: field._id, companyId: ctx.company._id, value: field.value ?? '' });
  await recordChange(ctx, { clientId: field.clientId, journalId: field.journalId ?? null, entity: 'customField', entityId: field._id, changes: [{ field: 'name', previous: field.name, value: '' }] });
}

// ---- comments ----

export async function saveComment(ctx: ActionContext, input: ParsedInput<'saveFieldComment'>): Promise<FieldComment> {
  const now = ctx.now();
  const client = await visibleClient(ctx, input.clientId);
  if (input.id) {
    const comment = await ctx.models.FieldComment.findOne({ _id: new Types.ObjectId(input.id), companyId: ctx.company._id, clientId: client._id }).lean();
    if (!comment) throw new NotFoundError('Kommentaren findes ikke');
    if (!isCommentEditable(comment.createdAt, now)) throw new ForbiddenError(clientMessages.commentLocked);
    if (!comment.createdById.equals(ctx.therapist._id)) throw new ForbiddenError('Kun den, der skrev kommentaren, kan ændre den');
    if (comment.value !== input.value) {
      await ctx.models.FieldComment.updateOne({ _id: comment._id, companyId: ctx.company._id }, { $set: { value: input.value, updatedAt: now } });
      await recordChange(ctx, {
        clientId: client._id,
        journalId: comment.journalId ?? null,
        entity: 'comment',
        entityId: comment._id,
        changes: [{ field: comment.customFieldName, previous: comment.value, value: input.value }],
      });
    }
    return toComment({ ...comment, value: input.value, updatedAt: now }, now);
  }

  let journalId: Types.ObjectId | null = null;
  let customFieldId: Types.ObjectId | null = null;
  let name = input.customFieldName;
  if (input.customFieldId) {
    const { field } = await visibleField(ctx, input.customFieldId);
    if (!field.clientId.equals(client._id)) throw new NotFoundError(clientMessages.fieldNotFound);
    if (!field.isJournal && (field.position ?? 0) >= STAMJOURNAL_COMMENTABLE_FIELDS) throw new ForbiddenError(clientMessages.commentNotAllowed);
    customFieldId = field._id;
    journalId = field.journalId ?? null;
    name = field.name;
  } else if (input.journalId) {
    const journal = await visibleJournal(ctx, input.journalId);
    if (!journal.clientId.equals(client._id)) throw new NotFoundError(clientMessages.journalNotFound);
    if (!(JOURNAL_TEXT_FIELDS as readonly string[]).includes(input.customFieldName)) {
      throw new ValidationError('Ukendt journalfelt', { customFieldName: 'Ukendt journalfelt' });
    }
    journalId = journal._id;
  }
  const comment = await ctx.models.FieldComment.create({
    companyId: ctx.company._id,
    clientId: client._id,
    journalId,
    customFieldId,
    customFieldName: name,
    value: input.value,
    createdBy: changedByName(ctx),
    createdById: ctx.therapist._id,
    createdAt: now,
    updatedAt: now,
  });
  await recordChange(ctx, { clientId: client._id, journalId, entity: 'comment', entityId: comment._id, changes: [{ field: name, previous: '', value: input.value }] });
  return toComment(comment.toObject(), now);
}
