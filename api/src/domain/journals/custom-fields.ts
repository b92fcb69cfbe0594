/**
 * Custom fields of the Stamjournal (journalId null) and of a journal (spec 2): added, renamed while not fixed, written
 * until 24 hours after their first input, deleted only while empty. Saves are versioned like journals
 * (data/concurrency/versioned-save.ts). Journal fields need Pro and an open journal.
 */
import { CAPS, allowsProFeatures, clientMessages, isFieldEditable, isJournalEditable, STAMJOURNAL_COMMENTABLE_FIELDS, type CustomField, type ParsedInput } from '@klinik/core';
import { assertBelowCap } from '../caps.js';
import type { TherapistContext } from '../../context.js';
import { saveVersioned } from '../../data/concurrency/versioned-save.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { CustomFieldDoc, FieldCommentDoc, JournalDoc } from '../../models/index.js';
import { visibleClient } from '../clients/clients.js';
import { changedByName, draftOf, recordChange, type FieldChange } from '../clients/history.js';
import { visibleField, visibleJournal } from './access.js';
import { toComment } from './views.js';
import { ensureStamjournal } from './stamjournal.js';

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

async function fieldViews(ctx: TherapistContext, fields: CustomFieldDoc[], journalOpen: boolean): Promise<CustomField[]> {
  const comments = fields.length ? await ctx.db.FieldComment.find({ customFieldId: { $in: fields.map((field) => field._id) } }).sort({ createdAt: 1 }).lean() : [];
  const now = ctx.now();
  return fields.map((field) => toCustomField(field, comments, now, journalOpen));
}

export async function stamjournalFields(ctx: TherapistContext, clientId: string): Promise<CustomField[]> {
  const client = await visibleClient(ctx, clientId);
  await ensureStamjournal(ctx.db, client._id);
  const fields = await ctx.db.CustomField.find({ clientId: client._id, journalId: null }).sort({ position: 1, _id: 1 }).lean();
  return fieldViews(ctx, fields, true);
}

export async function journalFields(ctx: TherapistContext, journalId: string): Promise<CustomField[]> {
  const journal = await visibleJournal(ctx, journalId);
  const fields = await ctx.db.CustomField.find({ journalId: journal._id }).sort({ position: 1, _id: 1 }).lean();
  return fieldViews(ctx, fields, isJournalEditable(journal.to, ctx.now()));
}

export async function addCustomField(ctx: TherapistContext, input: ParsedInput<'addCustomField'>): Promise<CustomField> {
  const client = await visibleClient(ctx, input.clientId);
  let journal: JournalDoc | null = null;
  if (input.isJournal) {
    if (!allowsProFeatures(ctx.company, ctx.now())) throw new ForbiddenError(clientMessages.proOnly);
    journal = await visibleJournal(ctx, input.journalId!);
    if (!journal.clientId.equals(client._id)) throw new NotFoundError(clientMessages.journalNotFound);
    if (!isJournalEditable(journal.to, ctx.now())) throw new ForbiddenError(clientMessages.journalClosed);
  } else {
    await ensureStamjournal(ctx.db, client._id);
  }
  await assertBelowCap(() => ctx.db.CustomField.countDocuments({ clientId: client._id, journalId: journal?._id ?? null }), CAPS.customFieldsPerRecord, 'felter');
  const last = await ctx.db.CustomField.findOne({ clientId: client._id, journalId: journal?._id ?? null }).sort({ position: -1 }).lean();
  const field = await ctx.db.CustomField.create({
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

export async function saveCustomField(ctx: TherapistContext, input: ParsedInput<'setCustomField'>): Promise<CustomField> {
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
  const who = changedByName(ctx);
  await saveVersioned(
    ctx.db,
    draftOf(ctx, { clientId: field.clientId, journalId: field.journalId ?? null, entity: 'customField', entityId: field._id, changes }),
    {
      version: input.version,
      currentVersion: async () => (await ctx.db.CustomField.findById(field._id, { version: 1 }).lean())?.version ?? null,
      apply: async (nextVersion) =>
        (await ctx.db.CustomField.updateOne({ _id: field._id, version: input.version }, { $set: { ...set, version: nextVersion, updatedBy: who } })).modifiedCount === 1,
    },
    clientMessages.fieldChanged,
  );
  if (!field.journalId) {
    // The Stamjournal's author on the client; the first booking turns green once the Stamjournal has content (in
    // the whole clinic: the client's first booking may be a colleague's).
    await ctx.db.Client.updateOne({ _id: field.clientId }, { $set: { updatedBySJ: who } });
    if (typeof set.value === 'string' && set.value.trim()) {
      await ctx.db.clinic('client-record-copies').Booking.updateMany({ clientId: field.clientId, firstBooking: true, hasStamjournal: false }, { $set: { hasStamjournal: true }, $inc: { version: 1 } });
    }
  }
  const updated = await ctx.db.CustomField.findById(field._id).lean();
  return (await fieldViews(ctx, [updated!], journalOpen))[0]!;
}

/** Only fields that are not fixed and hold no text: written health data is not deleted this way. */
export async function deleteCustomField(ctx: TherapistContext, id: string): Promise<void> {
  const { field, journalOpen } = await visibleField(ctx, id);
  if (field.locked) throw new ForbiddenError(clientMessages.fieldIsLocked);
  if (!journalOpen) throw new ForbiddenError(clientMessages.journalClosed);
  if ((field.value ?? '').trim() !== '') throw new ConflictError('Feltet indeholder tekst og kan ikke slettes. Tøm det først, mens det kan ændres.');
  await ctx.db.CustomField.deleteOne({ _id: field._id, value: field.value ?? '' });
  await recordChange(ctx, { clientId: field.clientId, journalId: field.journalId ?? null, entity: 'customField', entityId: field._id, changes: [{ field: 'name', previous: field.name, value: '' }] });
}
