/**
 * Reaching a journal or a custom field: only through a client the caller may see (their own, or any as the owner).
 * The scoped data access applies that rule (the models' `client` rule); one of a client the caller may not see is
 * not found, like one that does not exist.
 */
import { Types } from 'mongoose';
import { clientMessages, isJournalEditable } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { CustomFieldDoc, JournalDoc } from '../../models/index.js';

/** The journal `id` of a client the caller may see, or 404. */
export async function visibleJournal(ctx: TherapistContext, id: string | Types.ObjectId): Promise<JournalDoc> {
  const journal = await ctx.db.Journal.findById(new Types.ObjectId(id.toString())).lean();
  if (!journal) throw new NotFoundError(clientMessages.journalNotFound);
  return journal;
}

/** A field of a client the caller may see, and whether its journal (if any) is still open. */
export async function visibleField(ctx: TherapistContext, id: string): Promise<{ field: CustomFieldDoc; journalOpen: boolean }> {
  const field = await ctx.db.CustomField.findById(new Types.ObjectId(id)).lean();
  if (!field) throw new NotFoundError(clientMessages.fieldNotFound);
  if (!field.journalId) return { field, journalOpen: true };
  const journal = await visibleJournal(ctx, field.journalId);
  return { field, journalOpen: isJournalEditable(journal.to, ctx.now()) };
}

