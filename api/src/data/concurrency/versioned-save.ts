/**
 * Versioned save: a health record (a journal, a custom field) is saved on the version the user's screen is based on.
 * The save claims version n+1 by inserting its history row with `_id` `<entity>:<id>:<n+1>` (insert-only Revision),
 * so of two saves on one version exactly one wins on every MongoDB-protocol server and the other answers 409; then
 * the record is written with compare-and-swap on its version, and the row is marked applied. A row left unapplied
 * by a crash is settled by what exists (claim-with-recovery.ts): the record at version n+1 means the save happened
 * (the row is marked applied); the record still at version n and the row older than a minute means it never did (the
 * row is taken over by the next save). Only the request that made a row removes it. The row keeps who, when, and the previous and new values.
 */
import type { Types } from 'mongoose';
import { ConflictError } from '../../errors.js';
import type { RevisionDoc } from '../../models/index.js';
import type { TenantDb } from '../tenant-db.js';
import { claimWithRecovery, ORPHAN_AFTER_MS } from './claim-with-recovery.js';

export interface FieldChange {
  field: string;
  previous: string;
  value: string;
}

export interface RevisionDraft {
  clientId: Types.ObjectId;
  journalId?: Types.ObjectId | null;
  entity: RevisionDoc['entity'];
  entityId: Types.ObjectId;
  changes: FieldChange[];
  changedBy: string;
  changedAt: number;
}

export function revisionDocument(id: string, draft: RevisionDraft, applied: boolean, holder: string | null = null) {
  return {
    _id: id,
    holder,
    clientId: draft.clientId,
    journalId: draft.journalId ?? null,
    entity: draft.entity,
    entityId: draft.entityId.toString(),
    changes: draft.changes,
    changedBy: draft.changedBy,
    changedAt: draft.changedAt,
    applied,
  };
}

export interface VersionedSave {
  /** The version the caller's save is based on. */
  version: number;
  /** The record's version now (null when it is gone), to tell a crashed save from a concurrent one. */
  currentVersion(): Promise<number | null>;
  /** Writes the record at `nextVersion` if it is still at `version`; answers whether it wrote. */
  apply(nextVersion: number): Promise<boolean>;
}

/** Saves one version of a record, or throws 409 `conflictMessage` and changes nothing. */
export async function saveVersioned(db: TenantDb, draft: RevisionDraft, save: VersionedSave, conflictMessage: string): Promise<void> {
  const nextVersion = save.version + 1;
  const id = `${draft.entity}:${draft.entityId.toString()}:${nextVersion}`;
  const holder = await claimWithRecovery(
    {
      insert: (token) => db.Revision.create(revisionDocument(id, draft, false, token)),
      find: () => db.Revision.findById(id).lean(),
      settle: async (existing) => {
        if (existing.applied) return 'held';
        const current = await save.currentVersion();
        if (current === nextVersion) {
          // The record is at the claimed version: the crashed save wrote it and only the mark is missing.
          await db.Revision.updateOne({ _id: id }, { $set: { applied: true } });
          return 'held';
        }
        return current === save.version && existing.changedAt < draft.changedAt - ORPHAN_AFTER_MS ? 'abandoned' : 'held';
      },
      removeAbandoned: (previous) => db.Revision.deleteOne({ _id: id, holder: previous, applied: false }),
    },
    conflictMessage,
  );
  if (!(await save.apply(nextVersion))) {
    // Only this request's own claim goes: by then another may have taken the version over.
    await db.Revision.deleteOne({ _id: id, holder, applied: false });
    throw new ConflictError(conflictMessage);
  }
  await db.Revision.updateOne({ _id: id, holder }, { $set: { applied: true } });
}
