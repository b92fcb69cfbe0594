/**
 * Comments on journal and custom fields (spec 2, Comment on field): anyone who may see the client writes one; only
 * its writer changes it, and only for 24 hours (decided by the server's clock). Every change is in the history.
 */
import { Types } from 'mongoose';
import { CAPS, clientMessages, isCommentEditable, JOURNAL_TEXT_FIELDS, STAMJOURNAL_COMMENTABLE_FIELDS, type FieldComment, type ParsedInput } from '@klinik/core';
import { assertBelowCap } from '../caps.js';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { visibleClient } from '../clients/clients.js';
import { changedByName, recordChange } from '../clients/history.js';
import { visibleField, visibleJournal } from './access.js';
import { toComment } from './views.js';

async function changeComment(ctx: TherapistContext, clientId: Types.ObjectId, id: string, value: string): Promise<FieldComment> {
  const now = ctx.now();
  const comment = await ctx.db.FieldComment.findOne({ _id: new Types.ObjectId(id), clientId }).lean();
  if (!comment) throw new NotFoundError('Kommentaren findes ikke');
  if (!isCommentEditable(comment.createdAt, now)) throw new ForbiddenError(clientMessages.commentLocked);
  if (!comment.createdById.equals(ctx.therapist._id)) throw new ForbiddenError('Kun den, der skrev kommentaren, kan ændre den');
  if (comment.value !== value) {
    await ctx.db.FieldComment.updateOne({ _id: comment._id }, { $set: { value, updatedAt: now } });
    await recordChange(ctx, {
      clientId,
      journalId: comment.journalId ?? null,
      entity: 'comment',
      entityId: comment._id,
      changes: [{ field: comment.customFieldName, previous: comment.value, value }],
    });
  }
  return toComment({ ...comment, value, updatedAt: now }, now);
}

export async function saveComment(ctx: TherapistContext, input: ParsedInput<'saveFieldComment'>): Promise<FieldComment> {
  const now = ctx.now();
  const client = await visibleClient(ctx, input.clientId);
  if (input.id) return changeComment(ctx, client._id, input.id, input.value);

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
  await assertBelowCap(() => ctx.db.FieldComment.countDocuments({ clientId: client._id, journalId }), CAPS.commentsPerRecord, 'kommentarer');
  const comment = await ctx.db.FieldComment.create({
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
