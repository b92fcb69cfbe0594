/**
 * The sign-in facts of a signed-in therapist (the therapist's record and the clinic's), kept in this process so a
 * signed-in call does not read them from the database each time. The checks themselves (token version, deactivated,
 * disabled or deleted clinic, owner rights, subscription, plan) still run on every call, on these records and the
 * clock of that call (endpoint/authenticate.ts).
 *
 * Correct across processes (docs/security.md, 'Sign-in and rate limits'): every write of these records leaves a
 * change record (models/sign-in-changes.ts). This process drops what it holds of a changed record at once when the
 * write is its own, and otherwise when it reads the change records. It reads them at most every REFRESH_MS while
 * calls come, and trusts its cache only while its latest completed read started less than FRESH_MS before the call:
 * a call after that waits for a new read (and fails, 503, as any read would while the database is away). So a session
 * ended, a password changed, a clinic disabled or a therapist deleted in any process is refused everywhere within
 * FRESH_MS (plus the call's own time), and at once in the process that did it.
 */
import type { Connection, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { CompanyDoc, Models, TherapistDoc } from '../models/index.js';
import { onSignInChange, type SignInChange } from '../models/sign-in-changes.js';

/** The oldest read of the change records the cache is used with (ms). */
export const FRESH_MS = 500;
/** After this, a call starts the next read of the change records without waiting for it. */
const REFRESH_MS = 200;
/**
 * A cached record is read again after this, changed or not: the bound for a change no record announced (a hand edit
 * in the database shell, a process that died between its write and the record).
 */
export const ENTRY_KEPT_MS = 60_000;
/**
 * Each read asks for the records of this long before the previous read started: a record is stamped with its
 * writer's clock before it is inserted, so a slow insert or another host's clock a little behind is still seen.
 */
const OVERLAP_MS = 30_000;
/** Change records older than this are removed (any process may; removing twice is harmless). */
const RECORDS_KEPT_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;
/** A bound on memory: past it the cache starts over. */
const MAX_ENTRIES = 20_000;

export interface SignInFacts {
  /** The therapist of the token, if it exists in the token's clinic. */
  therapist: TherapistDoc | null;
  company: CompanyDoc | null;
}

export interface SignInCache {
  /** The records as stored now (give or take FRESH_MS for a change made in another process). */
  facts(therapistId: Types.ObjectId, companyId: Types.ObjectId): Promise<SignInFacts>;
  close(): void;
}

interface Entry<T> {
  doc: T;
  loadedAt: number;
}

/** Handlers share the cached records: frozen, so a handler that changed one would fail its test, not the next call. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

export function createSignInCache(models: Models, conn: Connection, logger: Logger): SignInCache {
  const therapists = new Map<string, Entry<TherapistDoc>>();
  const companies = new Map<string, Entry<CompanyDoc>>();
  /** Moves on with every change applied: a record read while a change came in is not kept. */
  let generation = 0;
  /** The latest completed read of the change records: when it started, on this process's monotonic and wall clocks. */
  let latest: { startedAt: number; wallStartedAt: number } | null = null;
  let reading: { startedAt: number; done: Promise<void> } | null = null;
  /** Change records already applied, by id, with their time (forgotten once out of the window asked for). */
  const seen = new Map<string, number>();
  let sweptAt = 0;

  function apply(change: SignInChange): void {
    generation += 1;
    if (change.kind === 'company') {
      if (change.id) companies.delete(change.id);
      else companies.clear();
      return;
    }
    if (change.id) therapists.delete(change.id);
    else if (change.companyId) {
      for (const [id, entry] of therapists) if (entry.doc.companyId.toString() === change.companyId) therapists.delete(id);
    } else therapists.clear();
  }

  const unsubscribe = onSignInChange(conn, (record) => {
    // Applied now; when the change records are read, this one is known already.
    seen.set(record._id.toHexString(), record.at);
    apply(record);
  });

  async function readChanges(startedAt: number): Promise<void> {
    const wallStartedAt = Date.now();
    const since = (latest?.wallStartedAt ?? wallStartedAt) - OVERLAP_MS;
    const records = await models.SignInChange.find({ at: { $gte: since } }, { kind: 1, id: 1, companyId: 1, at: 1 }).lean();
    for (const record of records) {
      const key = record._id.toString();
      if (seen.has(key)) continue;
      seen.set(key, record.at);
      apply({ kind: record.kind, id: record.id ?? null, companyId: record.companyId ?? null });
    }
    for (const [key, at] of seen) if (at < since) seen.delete(key);
    if (!latest || startedAt > latest.startedAt) latest = { startedAt, wallStartedAt };
    if (wallStartedAt - sweptAt > SWEEP_EVERY_MS) {
      sweptAt = wallStartedAt;
      models.SignInChange.deleteMany({ at: { $lt: wallStartedAt - RECORDS_KEPT_MS } }).catch((error: unknown) => logger.warn({ err: error }, 'sign-in changes: old records not removed'));
    }
  }

  function startReading(): Promise<void> {
    const startedAt = performance.now();
    const done = readChanges(startedAt).finally(() => {
      if (reading?.done === done) reading = null;
    });
    reading = { startedAt, done };
    return done;
  }

  /**
   * Makes the cache fit to answer a call that came at `now`: a read of the changes started within FRESH_MS of it. A
   * read that fails fails the call (the database is away: 503), as the call's own reads would have.
   */
  async function freshFor(now: number): Promise<void> {
    if (latest && now - latest.startedAt <= FRESH_MS) {
      if (now - latest.startedAt > REFRESH_MS && !reading) {
        startReading().catch((error: unknown) => logger.warn({ err: error }, 'sign-in changes: not read'));
      }
      return;
    }
    await (reading && now - reading.startedAt <= FRESH_MS ? reading.done : startReading());
  }

  function cached<T>(map: Map<string, Entry<T>>, id: string, now: number): T | undefined {
    const entry = map.get(id);
    return entry && now - entry.loadedAt <= ENTRY_KEPT_MS ? entry.doc : undefined;
  }

  function keep<T>(map: Map<string, Entry<T>>, id: string, doc: T, loadedAt: number): void {
    if (therapists.size + companies.size >= MAX_ENTRIES) {
      therapists.clear();
      companies.clear();
    }
    map.set(id, { doc: frozen(doc), loadedAt });
  }

  return {
    async facts(therapistId, companyId) {
      const now = performance.now();
      await freshFor(now);
      const therapistKey = therapistId.toHexString();
      const companyKey = companyId.toHexString();
      const heldTherapist = cached(therapists, therapistKey, now);
      // A record of another clinic is not the token's therapist, as the query below would not find it.
      if (heldTherapist && heldTherapist.companyId.toString() !== companyKey) return { therapist: null, company: cached(companies, companyKey, now) ?? null };
      const heldCompany = cached(companies, companyKey, now);
      if (heldTherapist && heldCompany) return { therapist: heldTherapist, company: heldCompany };
      const before = generation;
      const loadedAt = performance.now();
      const [therapist, company] = await Promise.all([
        heldTherapist ?? models.Therapist.findOne({ _id: therapistId, companyId }).lean<TherapistDoc>(),
        heldCompany ?? models.Company.findById(companyId).lean<CompanyDoc>(),
      ]);
      // Kept only when nothing changed while reading: the record read might be from before the change.
      if (generation === before) {
        if (therapist && !heldTherapist) keep(therapists, therapistKey, therapist, loadedAt);
        if (company && !heldCompany) keep(companies, companyKey, company, loadedAt);
      }
      return { therapist, company };
    },
    close() {
      unsubscribe();
    },
  };
}
