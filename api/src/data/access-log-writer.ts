/**
 * The access log's writer: a write-ahead journal on the API's own disk, moved to the database in batches off the
 * request's path.
 *
 * - A read's rows are appended to this process's journal file with one synchronous write before its answer leaves:
 *   once `write` returns, the rows are in the operating system's hands, so killing the process (kill -9) a moment
 *   later loses nothing. That costs tens of microseconds, where an insert before the answer cost an insert's round
 *   trip (bench: 'access log').
 * - Every FLUSH_EVERY_MS, or at MAX_BATCH rows, the rows go to the database in one insertMany. Each flush starts a new
 *   journal segment first; a segment is deleted only once its rows are stored, and its rows keep the ids given here,
 *   so storing a segment twice stores each row once.
 * - At start the API stores what a process that is gone left in the folder (`replay`), before it answers anything.
 *   A process that is still running (several API processes may share the folder) keeps its own.
 *
 * Not covered: a power cut before the operating system wrote its cache to disk (no fsync per read: that would cost
 * what the insert cost). docs/decisions/0047-access-log-journalled-before-the-answer.md weighs this.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import type { AccessLogKind } from '@klinik/core';
import type { Models } from '../models/index.js';

export interface AccessLogRow {
  companyId: Types.ObjectId;
  at: number;
  kind: AccessLogKind;
  action: string;
  clientId: Types.ObjectId;
  readerKind: 'therapist' | 'team' | 'superadmin' | 'client';
  therapistId: Types.ObjectId | null;
  reader: string;
  address: string;
}

export interface AccessLogWriter {
  /** Appends `rows` to the journal; when it returns they survive the process. Throws when the disk refuses them. */
  write(rows: readonly AccessLogRow[]): void;
  /** Stores the rows journalled so far (the graceful stop, tests). */
  flush(): Promise<void>;
  /** Stores what processes that are gone left in the folder; answers how many rows. */
  replay(): Promise<number>;
  /** Stops the timer after a last flush; rows that cannot be stored stay in the folder for the next start. */
  close(): Promise<void>;
  /** Stops as a killed process would: no flush, the journal left in the folder (tests of the replay). */
  abandon(): void;
  /** Rows stored in the database by this writer (the bench, tests). */
  readonly stored: number;
}

const FLUSH_EVERY_MS = 200;
const MAX_BATCH = 500;
const SEGMENT = /^access-log-(\d+)-([0-9a-f-]+)-(\d+)\.jsonl$/;

/** The writers of this process, so a replay leaves a live writer's segments alone (a test runs several). */
const liveInThisProcess = new Set<string>();

type StoredRow = Omit<AccessLogRow, 'companyId' | 'clientId' | 'therapistId'> & { _id: string; companyId: string; clientId: string; therapistId: string | null };

const toLine = (row: AccessLogRow & { _id: Types.ObjectId }): string =>
  JSON.stringify({ ...row, _id: row._id.toHexString(), companyId: row.companyId.toHexString(), clientId: row.clientId.toHexString(), therapistId: row.therapistId?.toHexString() ?? null });

const fromLine = (row: StoredRow) => ({
  ...row,
  _id: new Types.ObjectId(row._id),
  companyId: new Types.ObjectId(row.companyId),
  clientId: new Types.ObjectId(row.clientId),
  therapistId: row.therapistId ? new Types.ObjectId(row.therapistId) : null,
});

function isAlive(pid: number, instance: string): boolean {
  if (pid === process.pid) return liveInThisProcess.has(instance);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A duplicate key only: the rows are stored already (a segment stored before, its deletion cut off). */
function onlyDuplicates(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] }).writeErrors;
  return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every((item) => (item.code ?? item.err?.code) === 11000);
}

export function createAccessLogWriter(models: Pick<Models, 'AccessLog'>, folder: string, options: { flushEveryMs?: number; onError?: (error: unknown) => void } = {}): AccessLogWriter {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const instance = randomUUID();
  liveInThisProcess.add(instance);
  let sequence = 0;
  let segment = { file: '', fd: -1, rows: [] as (AccessLogRow & { _id: Types.ObjectId })[] };
  /** Segments closed but not yet stored (a failed insert is tried again on the next flush). */
  const closed: (typeof segment)[] = [];
  let stored = 0;
  let flushing: Promise<void> | null = null;

  function openSegment() {
    sequence += 1;
    const file = path.join(folder, `access-log-${process.pid}-${instance}-${sequence}.jsonl`);
    segment = { file, fd: openSync(file, 'a', 0o600), rows: [] };
  }
  openSegment();

  async function store(rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    try {
      // Plain rows, as journalled: no documents to build or validate for a batch of hundreds.
      await models.AccessLog.insertMany(rows, { ordered: false, lean: true });
    } catch (error) {
      if (!onlyDuplicates(error)) throw error;
    }
  }

  async function flushOnce(): Promise<void> {
    if (segment.rows.length > 0) {
      closeSync(segment.fd);
      closed.push(segment);
      openSegment();
    }
    while (closed.length > 0) {
      const next = closed[0]!;
      await store(next.rows);
      stored += next.rows.length;
      unlinkSync(next.file);
      closed.shift();
    }
  }

  function flush(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => {
    if (segment.rows.length > 0 || closed.length > 0) flush().catch((error: unknown) => options.onError?.(error));
  }, options.flushEveryMs ?? FLUSH_EVERY_MS);
  timer.unref();

  return {
    write(rows) {
      if (rows.length === 0) return;
      const withIds = rows.map((row) => ({ ...row, _id: new Types.ObjectId() }));
      // One synchronous append: done before the answer is sent, and then the kernel holds it whatever the process does.
      writeSync(segment.fd, withIds.map((row) => `${toLine(row)}\n`).join(''));
      segment.rows.push(...withIds);
      if (segment.rows.length >= MAX_BATCH) flush().catch((error: unknown) => options.onError?.(error));
    },
    flush,
    async replay() {
      let rows = 0;
      for (const name of readdirSync(folder)) {
        const match = SEGMENT.exec(name);
        if (!match || isAlive(Number(match[1]), match[2]!)) continue;
        const file = path.join(folder, name);
        // A line cut off by the kill is the only one that may not parse: it was never acknowledged.
        const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line.endsWith('}'));
        const parsed = lines.flatMap((line) => {
          try {
            return [fromLine(JSON.parse(line) as StoredRow)];
          } catch {
            return [];
          }
        });
        await store(parsed);
        rows += parsed.length;
        unlinkSync(file);
      }
      return rows;
    },
    async close() {
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        options.onError?.(error);
      }
      closeSync(segment.fd);
      if (segment.rows.length === 0) unlinkSync(segment.file);
      liveInThisProcess.delete(instance);
    },
    abandon() {
      clearInterval(timer);
      closeSync(segment.fd);
      liveInThisProcess.delete(instance);
    },
    get stored() {
      return stored;
    },
  };
}
