/**
 * The Stamjournal's fixed fields (spec 2) are created on a client's first read. A once-marker whose key is the client
 * id (data/concurrency/once-markers.ts) makes that happen once, however many first reads race.
 */
import type { Types } from 'mongoose';
import { STAMJOURNAL_DEFAULT_FIELDS } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';

export async function ensureStamjournal(db: TenantDb, clientId: Types.ObjectId): Promise<void> {
  const key = clientId.toString();
  if (await db.stamjournalSeeds.has(key)) return;
  if (!(await db.stamjournalSeeds.claim(key))) return;
  await db.clinic('stamjournal-seed').CustomField.insertMany(
    STAMJOURNAL_DEFAULT_FIELDS.map((name, position) => ({ clientId, journalId: null, isJournal: false, name, locked: true, position })),
  );
}
