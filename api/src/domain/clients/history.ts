/**
 * The change history of health records: every save of Stamdata, a journal, a custom field or a comment inserts a
 * Revision with the previous and the new values, who and when. Nothing is ever overwritten without a trace.
 * Versioned records (journals, custom fields) write theirs through data/concurrency/versioned-save.ts, whose row
 * also decides the race; unversioned changes (Stamdata, comments) through `recordChange`.
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import type { Revision } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { revisionDocument, type RevisionDraft } from '../../data/concurrency/versioned-save.js';

export type { FieldChange } from '../../data/concurrency/versioned-save.js';

export function changedByName(ctx: TherapistContext): string {
  return `${ctx.therapist.nameFirst} ${ctx.therapist.nameLast}`.trim();
}

/** A history row of `ctx`'s change, stamped now. */
export function draftOf(ctx: TherapistContext, change: Omit<RevisionDraft, 'changedBy' | 'changedAt'>): RevisionDraft {
  return { ...change, changedBy: changedByName(ctx), changedAt: ctx.now() };
}

/** A history entry for an unversioned change (Stamdata, comments): a random id, applied at once. */
export async function recordChange(ctx: TherapistContext, change: Omit<RevisionDraft, 'changedBy' | 'changedAt'>): Promise<void> {
  if (change.changes.length === 0) return;
  const id = `${change.entity}:${change.entityId.toString()}:${randomUUID()}`;
  await ctx.db.Revision.create(revisionDocument(id, draftOf(ctx, change), true));
}

/** The history of a client (or of one journal), newest first, one row per changed field. */
export async function clientHistory(ctx: TherapistContext, clientId: Types.ObjectId, journalId?: Types.ObjectId): Promise<Revision[]> {
  const filter: Record<string, unknown> = { clientId, applied: true };
  if (journalId) filter.journalId = journalId;
  const revisions = await ctx.db.Revision.find(filter).sort({ changedAt: -1 }).limit(500).lean();
  return revisions.flatMap((revision) =>
    (revision.changes ?? []).map((change, index) => ({
      id: `${revision._id}#${index}`,
      entity: revision.entity,
      entityId: revision.entityId,
      journalId: revision.journalId ? revision.journalId.toString() : null,
      field: change.field ?? '',
      previous: change.previous ?? '',
      value: change.value ?? '',
      changedBy: revision.changedBy,
      changedAt: revision.changedAt,
    })),
  );
}
