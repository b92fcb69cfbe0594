/**
 * The concurrency patterns, each written once in api/src/data/concurrency and used by bookings, leaves, course days,
 * journals, custom fields and invoices: tested here on their own against the real database (FerretDB in CI, where
 * only `_id` uniqueness on insert is atomic). Races are real: the contenders run in parallel.
 */
import { Types } from 'mongoose';
import { claimWithRecovery, ORPHAN_AFTER_MS } from '../src/data/concurrency/claim-with-recovery.js';
import { saveVersioned } from '../src/data/concurrency/versioned-save.js';
import { tenantDb, type TenantDb } from '../src/data/tenant-db.js';
import { ConflictError } from '../src/errors.js';
import type { Models } from '../src/models/index.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let models: Models;
beforeAll(async () => {
  t = await startTestApi();
  models = t.api.services.models;
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
const start = Date.UTC(2030, 0, 7, 9);
const clinic = (): TenantDb => tenantDb(models, new Types.ObjectId());

async function settled<T>(attempts: Promise<T>[]) {
  const results = await Promise.allSettled(attempts);
  return {
    won: results.filter((result) => result.status === 'fulfilled').map((result) => (result as PromiseFulfilledResult<T>).value),
    lost: results.filter((result) => result.status === 'rejected').map((result) => (result).reason as Error),
  };
}

describe('slot claims', () => {
  it('gives a unit of time to exactly one of eight racing holders, and the losers leave nothing behind', async () => {
    const db = clinic();
    const therapist = new Types.ObjectId();
    const holders = Array.from({ length: 8 }, () => new Types.ObjectId());
    const { won, lost } = await settled(holders.map((ref, index) => db.slots.claim(db.slots.ids(therapist, { from: start + index * 5 * 60_000, to: start + HOUR }), ref, 'booking', Date.now())));
    expect(won).toHaveLength(1);
    expect(lost.every((error) => error instanceof ConflictError)).toBe(true);
    const claims = await t.models.SlotClaim.find({ _id: { $regex: `^${db.companyId.toString()}:` } }).lean();
    expect(new Set(claims.map((claim) => claim.ref.toString())).size).toBe(1);
  });

  it('releases the claimed time when the holder cannot be written', async () => {
    const db = clinic();
    const therapist = new Types.ObjectId();
    const ref = new Types.ObjectId();
    await expect(
      db.slots.claimFor(therapist, { from: start, to: start + HOUR }, ref, 'leave', Date.now(), () => Promise.reject(new Error('disk full'))),
    ).rejects.toThrow('disk full');
    expect(await t.models.SlotClaim.countDocuments({ ref })).toBe(0);
    // The time is free again.
    expect(await db.slots.claim(db.slots.ids(therapist, { from: start, to: start + HOUR }), new Types.ObjectId(), 'booking', Date.now())).toHaveLength(12);
  });

  it('moves a holder with compare-and-swap: of two racing moves one wins, and only its time stays claimed', async () => {
    const db = clinic();
    const therapist = new Types.ObjectId();
    const ref = new Types.ObjectId();
    const before = { from: start, to: start + HOUR };
    await db.slots.claim(db.slots.ids(therapist, before), ref, 'booking', Date.now());
    let version = 0;
    const swap = (expected: number) => async () => (version === expected ? (version += 1) : null);
    const targets = [
      { from: start + 3 * HOUR, to: start + 4 * HOUR },
      { from: start + 6 * HOUR, to: start + 7 * HOUR },
    ];
    let at = before;
    const current = async () => at;
    const { won, lost } = await settled(
      targets.map((after) =>
        db.slots.move({ ref, therapistId: therapist, kind: 'booking', before, after, now: Date.now(), current }, async () => {
          const swapped = await swap(0)();
          if (swapped !== null) at = after;
          return swapped;
        }, 'Ændret imens'),
      ),
    );
    expect(won).toEqual([1]);
    expect(lost.map((error) => error.message)).toEqual(['Ændret imens']);
    const held = (await t.models.SlotClaim.find({ ref }).lean()).map((claim) => Number(claim._id.split(':')[2])).sort((a, b) => a - b);
    expect(held).toHaveLength(12);
    expect([targets[0]!.from, targets[1]!.from]).toContain(held[0]);
  });

  it('keeps the claims of a double click: two moves to one time, the one that inserted the units losing the swap', async () => {
    const db = clinic();
    const therapist = new Types.ObjectId();
    const ref = new Types.ObjectId();
    const before = { from: start, to: start + HOUR };
    const after = { from: start + 3 * HOUR, to: start + 4 * HOUR };
    await db.slots.claim(db.slots.ids(therapist, before), ref, 'booking', Date.now());
    let at = before;
    const current = async () => at;
    // The first move inserts the new units, then waits in its swap until the second has moved the holder.
    let swapStarted!: () => void;
    const firstInSwap = new Promise<void>((resolve) => (swapStarted = resolve));
    let letFirstLose!: () => void;
    const firstMayLose = new Promise<void>((resolve) => (letFirstLose = resolve));
    const first = db.slots.move({ ref, therapistId: therapist, kind: 'booking', before, after, now: Date.now(), current }, async () => {
      swapStarted();
      await firstMayLose;
      return null;
    }, 'Ændret imens');
    await firstInSwap;
    // The second finds the new units already the holder's (it adds none) and wins.
    await db.slots.move({ ref, therapistId: therapist, kind: 'booking', before, after, now: Date.now(), current }, async () => {
      at = after;
      return 1;
    }, 'Ændret imens');
    letFirstLose();
    await expect(first).rejects.toThrow('Ændret imens');
    // The moved holder keeps its whole new time, and nothing of the old.
    const held = (await t.models.SlotClaim.find({ ref }).lean()).map((claim) => claim._id).sort();
    expect(held).toEqual(db.slots.ids(therapist, after).sort());
  });
});

describe('claim with orphan recovery', () => {
  const claimOf = (db: TenantDb, id: string, createdAt: number, now: number) => ({
    insert: (holder: string) => db.InvoiceClaim.create({ _id: id, createdAt, holder }),
    find: () => db.InvoiceClaim.findById(id).lean(),
    settle: (claim: { invoiceId?: unknown; createdAt: number; holder?: string | null }) => (!claim.invoiceId && claim.createdAt < now - ORPHAN_AFTER_MS ? ('abandoned' as const) : ('held' as const)),
    removeAbandoned: (holder: string | null) => db.InvoiceClaim.deleteOne({ _id: id, holder, invoiceId: null }),
  });

  it('lets one of eight racing claims win; the others answer 409 with the message', async () => {
    const db = clinic();
    const now = Date.now();
    const { won, lost } = await settled(Array.from({ length: 8 }, () => claimWithRecovery(claimOf(db, 'booking:0:inv', now, now), 'Allerede faktureret')));
    expect(won).toHaveLength(1);
    expect(lost.map((error) => [error instanceof ConflictError, error.message])).toEqual(Array(7).fill([true, 'Allerede faktureret']));
  });

  it('takes over a claim left by a crash, but not a recent or a completed one', async () => {
    const db = clinic();
    const now = Date.now();
    await db.InvoiceClaim.create({ _id: 'old', createdAt: now - 2 * ORPHAN_AFTER_MS });
    const holder = await claimWithRecovery(claimOf(db, 'old', now, now), 'x');
    expect((await db.InvoiceClaim.findById('old').lean())?.holder).toBe(holder);
    await db.InvoiceClaim.create({ _id: 'recent', createdAt: now - 1000 });
    await expect(claimWithRecovery(claimOf(db, 'recent', now, now), 'Optaget')).rejects.toThrow('Optaget');
    await db.InvoiceClaim.create({ _id: 'done', createdAt: now - 2 * ORPHAN_AFTER_MS, invoiceId: new Types.ObjectId() });
    await expect(claimWithRecovery(claimOf(db, 'done', now, now), 'Optaget')).rejects.toThrow('Optaget');
  });
});

describe('versioned save', () => {
  /** A record with a version, as a journal is: written only at the version the save was based on. */
  function record() {
    let version = 0;
    let text = '';
    return {
      get version() {
        return version;
      },
      get text() {
        return text;
      },
      save(db: TenantDb, entityId: Types.ObjectId, based: number, value: string, now = Date.now()) {
        return saveVersioned(
          db,
          { clientId: entityId, journalId: null, entity: 'journal', entityId, changes: [{ field: 'effect', previous: text, value }], changedBy: 'Ida', changedAt: now },
          {
            version: based,
            currentVersion: async () => version,
            apply: async (next) => {
              if (version !== based) return false;
              version = next;
              text = value;
              return true;
            },
          },
          'Journalen er ændret imens',
        );
      },
    };
  }

  it('of eight saves on one version exactly one wins; the history holds it once, applied', async () => {
    const db = clinic();
    const journal = record();
    const id = new Types.ObjectId();
    const { won, lost } = await settled(Array.from({ length: 8 }, (_, index) => journal.save(db, id, 0, `tekst ${index}`)));
    expect(won).toHaveLength(1);
    expect(lost.every((error) => error instanceof ConflictError && error.message === 'Journalen er ændret imens')).toBe(true);
    expect(journal.version).toBe(1);
    const history = await db.Revision.find({ entityId: id.toString() }).lean();
    expect(history.map((row) => [row._id, row.applied, row.changes[0]?.value])).toEqual([[`journal:${id.toString()}:1`, true, journal.text]]);
  });

  it('answers 409 and keeps no history row when the record moved on after the claim', async () => {
    const db = clinic();
    const id = new Types.ObjectId();
    await expect(
      saveVersioned(
        db,
        { clientId: id, entity: 'customField', entityId: id, changes: [{ field: 'x', previous: '', value: 'y' }], changedBy: 'Ida', changedAt: Date.now() },
        { version: 0, currentVersion: async () => 1, apply: async () => false },
        'Feltet er ændret imens',
      ),
    ).rejects.toThrow('Feltet er ændret imens');
    expect(await db.Revision.countDocuments({ entityId: id.toString() })).toBe(0);
  });

  it('takes over the unapplied row of a save that crashed more than a minute ago', async () => {
    const db = clinic();
    const journal = record();
    const id = new Types.ObjectId();
    await db.Revision.create({ _id: `journal:${id.toString()}:1`, clientId: id, entity: 'journal', entityId: id.toString(), changedBy: 'Crash', changedAt: Date.now() - 2 * ORPHAN_AFTER_MS, applied: false });
    await journal.save(db, id, 0, 'efter nedbrud');
    expect((await db.Revision.findById(`journal:${id.toString()}:1`).lean())).toMatchObject({ applied: true, changedBy: 'Ida' });
  });

  it('settles a crashed save by what exists: a record already at the claimed version keeps its row, which is marked applied', async () => {
    const db = clinic();
    const journal = record();
    const id = new Types.ObjectId();
    await journal.save(db, id, 0, 'skrevet');
    // The crash came after the record was written and before its row was marked.
    await db.Revision.updateOne({ _id: `journal:${id.toString()}:1` }, { $set: { applied: false, changedAt: Date.now() - 2 * ORPHAN_AFTER_MS } });
    await expect(journal.save(db, id, 0, 'igen')).rejects.toThrow('Journalen er ændret imens');
    expect(await db.Revision.findById(`journal:${id.toString()}:1`).lean()).toMatchObject({ applied: true, changedBy: 'Ida' });
    expect(journal.text).toBe('skrevet');
  });

  it("lets a slow save release only its own row, never the one that took its version over", async () => {
    const db = clinic();
    const id = new Types.ObjectId();
    const rowId = `journal:${id.toString()}:1`;
    let version = 0;
    let release!: () => void;
    const slowApplying = new Promise<void>((resolve) => (release = resolve));
    let slowReached!: () => void;
    const reached = new Promise<void>((resolve) => (slowReached = resolve));
    const draft = (changedAt: number) => ({ clientId: id, entity: 'journal' as const, entityId: id, changes: [{ field: 'x', previous: '', value: 'y' }], changedBy: 'Ida', changedAt });
    // The slow save claims the version, then stalls before writing; it loses its compare-and-swap afterwards.
    const slow = saveVersioned(db, draft(Date.now() - 2 * ORPHAN_AFTER_MS), {
      version: 0,
      currentVersion: async () => version,
      apply: async () => {
        slowReached();
        await slowApplying;
        return false;
      },
    }, 'Ændret imens');
    await reached;
    // A save a minute later finds the stalled row with nothing written, takes it over and completes.
    await db.Revision.updateOne({ _id: rowId }, { $set: { changedAt: Date.now() - 2 * ORPHAN_AFTER_MS } });
    const slowDone = slow.then(
      () => 'saved',
      (error: Error) => error.message,
    );
    // While the new save holds the row, the slow one fails its compare-and-swap and lets go of what it holds.
    await saveVersioned(db, draft(Date.now()), {
      version: 0,
      currentVersion: async () => version,
      apply: async (next) => {
        release();
        await slowDone;
        version = next;
        return true;
      },
    }, 'Ændret imens');
    expect(await slowDone).toBe('Ændret imens');
    expect(await db.Revision.findById(rowId).lean()).toMatchObject({ applied: true, changedBy: 'Ida' });
  });
});

describe('course seats', () => {
  it('gives the last seats to exactly as many racing clients as there are seats', async () => {
    const db = clinic();
    const eventDateId = new Types.ObjectId();
    const seats = await Promise.all(Array.from({ length: 10 }, () => db.seats.take(eventDateId, 3, new Types.ObjectId())));
    expect(seats.filter(Boolean).sort()).toEqual([1, 2, 3].map((n) => `${eventDateId.toString()}:${n}`));
  });
});

describe('once-markers', () => {
  it('answer true to exactly one of many first callers', async () => {
    const db = clinic();
    const key = new Types.ObjectId().toString();
    const answers = await Promise.all(Array.from({ length: 8 }, () => db.stamjournalSeeds.claim(key)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    await db.stamjournalSeeds.forget(key);
    expect(await db.stamjournalSeeds.has(key)).toBe(false);
  });
});
