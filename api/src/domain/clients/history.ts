/**
 * The change history of health records: every save of Stamdata, a journal, a custom field or a comment inserts a
 * Revision with the previous and the new values, who and when. Nothing is ever overwritten without a trace.
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import type { Revision } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';
import type { RevisionDoc } from '../../models/index.js';

export interface FieldChange {
  field: string;
  previous: string;
  value: string;
}

export function changedByName(ctx: ActionContext): string {
  return `${ctx.therapist.nameFirst} ${ctx.therapist.nameLast}`.trim();
}

interface RevisionInput {
  clientId: Types.ObjectId;
  journalId?: Types.ObjectId | null;
  entity: RevisionDoc['entity'];
  entityId: Types.ObjectId;
  changes: FieldChange[];
}

function revision(ctx: ActionContext, id: string, input: RevisionInput, applied: boolean) {
  return {
    _id: id,
    companyId: ctx.company._id,
    clientId: input.clientId,
    journalId: input.journalId ?? null,
    entity: input.entity,
    entityId: input.entityId.toString(),
    changes: input.changes,
    changedBy: changedByName(ctx),
    changedAt: ctx.now(),
    applied,
  };
}

/** A history entry for an unversioned change (Stamdata, comments): a random id, applied at once. */
export async function recordChange(ctx: ActionContext, input: RevisionInput): Promise<void> {
  if (input.changes.length === 0) return;
  await ctx.models.Revision.create(revision(ctx, `${input.entity}:${input.entityId.toString()}:${randomUUID()}`, input, true));
}

/** How old an unapplied revision must be before it counts as left over by a crash. */
const ORPHAN_AFTER_MS = 60_000;

/**
 * Claims version `nextVersion` of a versioned record by inserting its revision with `_id` entity:id:version.
 * Of two saves based on the same version only one insert succeeds, on MongoDB and FerretDB alike; the other
 * answers 409 with `conflictMessage`. A claim left by a crashed save (never applied, older than a minute, the
 * record still at the previous version) is removed and the claim retried once.
 */
export async function claimVersion(
  ctx: ActionContext,
  input: RevisionInput & { nextVersion: number; currentVersion: () => Promise<number | null> },
  conflictMessage: string,
): Promise<string> {
  const id = `${input.entity}:${input.entityId.toString()}:${input.nextVersion}`;
  const insert = () => ctx.models.Revision.create(revision(ctx, id, input, false));
  try {
    await insert();
    return id;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const existing = await ctx.models.Revision.findById(id).lean();
  const current = await input.currentVersion();
  if (existing && !existing.applied && existing.changedAt < ctx.now() - ORPHAN_AFTER_MS && current === input.nextVersion - 1) {
    await ctx.models.Revision.deleteOne({ _id: id, applied: false });
    try {
      await insert();
      return id;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  throw new ConflictError(conflictMessage);
}

export async function markApplied(ctx: ActionContext, revisionId: string): Promise<void> {
  await ctx.models.Revision.updateOne({ _id: revisionId }, { $set: { applied: true } });
}

export async function releaseClaim(ctx: ActionContext, revisionId: string): Promise<void> {
  await ctx.models.Revision.deleteOne({ _id: revisionId, applied: false });
}

/** The history of a client (or of one journal), newest first, one row per changed field. */
export async function clientHistory(ctx: ActionContext, clientId: Types.ObjectId, journalId?: Types.ObjectId): Promise<Revision[]> {
  const filter: Record<string, unknown> = { companyId: ctx.company._id, clientId, applied: true };
  if (journalId) filter.journalId = journalId;
  const revisions = await ctx.models.Revision.find(filter).sort({ changedAt: -1 }).limit(500).lean();
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
