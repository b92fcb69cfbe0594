/**
 * Excel files of an import (xls, xlsx, xlsm; also the HTML and XML files old systems save as '.xls'): the first
 * sheet's rows as strings, read by SheetJS (@e965/xlsx, the maintained build) in a worker thread
 * (`read-excel-worker.mjs`), one file at a time, with a heap limit and a time limit: SheetJS reads a file whole and
 * synchronously, which would stall every other request for seconds, and a hostile file fails the worker, not the
 * API. A 50 MB xlsx of 400,000 rows (bookings) takes some 15 s and under 1 GB; the
 * event loop meanwhile never waits more than a few tens of milliseconds.
 *
 * What a cell becomes (the value layer, values.ts, reads both these forms and Danish text):
 * - text: as stored, formula-looking text ('=HYPERLINK(…)', '+cmd', '@SUM(…)') included; nothing is evaluated, and
 *   a real formula cell gives the value Excel last computed;
 * - a number: plain, ',' as the decimal comma, no grouping, up to 15 significant digits ('1234,5', '-25', '0,25'), so
 *   the value parser never takes a decimal point for Danish thousands ('89.975' would be 89975);
 *   a number shown with a zero-padding format ('0000000000', '000000-0000') gives its shown text, so a CPR number
 *   keeps its leading zero ('0101901234'); one without (General) loses it as Excel does ('101901234');
 * - a date or time (a number with a date format): the wall time it shows, which for a Danish clinic's export is
 *   Copenhagen time, as 'DD-MM-YYYY HH:mm' ('24-11-2026 14:30'), 'DD-MM-YYYY' when it has no time of day and its
 *   format shows none, 'HH:mm' for a time without a date; seconds are dropped;
 * - TRUE/FALSE for a logical cell, Excel's error text ('#N/A') for an error cell, '' for an empty one.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { repoRoot } from '../../paths.js';
import { importReadTexts, ImportFileError } from './read-texts.js';
import type { RawRecord } from './read-records.js';

export const EXCEL_WORKER_LIMITS = {
  /** The worker's heap (SheetJS's cells of the largest file we take, with room). */
  heapMb: 1536,
  /** The worker is terminated when opening the file takes longer than this (a test lowers it). */
  killAfterMs: 120_000,
};
/** Rows per message from the worker. */
const BATCH_ROWS = 2_000;
/** Excel files read at once in this process; the others wait their turn (each may take a gigabyte for a while). */
const queue = pLimit(1);

// The same file from the sources and from dist/: it is plain JavaScript, found from the repository root.
const WORKER_FILE = path.join(repoRoot, 'api', 'src', 'domain', 'import', 'read-excel-worker.mjs');

type WorkerMessage =
  | { type: 'refused'; code: 'password' | 'unreadable' }
  | { type: 'opened' }
  | { type: 'rows'; rows: RawRecord[]; done: boolean };

/** The worker's messages one at a time; its failure (out of memory, an exit, the time limit) as a refusal of the file. */
class WorkerChannel {
  private readonly waiting: WorkerMessage[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(worker: Worker, name: string) {
    worker.on('message', (message: WorkerMessage) => this.push(message));
    worker.once('error', (error: Error & { code?: string }) => {
      // Out of its heap: the file is too much for us, not broken. Anything else is our fault, not the file's.
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError(name, importReadTexts.excelTooLarge(name)) : error);
    });
    worker.once('exit', () => this.fail(new ImportFileError(name, importReadTexts.excelTooLarge(name))));
  }

  private push(message: WorkerMessage) {
    this.waiting.push(message);
    this.wake?.();
  }

  fail(error: Error) {
    this.failure ??= error;
    this.wake?.();
  }

  async next(): Promise<WorkerMessage> {
    for (;;) {
      const message = this.waiting.shift();
      if (message) return message;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/**
 * The first sheet's rows from the first (`row` as Excel numbers it); only the first `sheetRows` with that option
 * (the header search: SheetJS then stops parsing the sheet there). All of them otherwise: how many a sheet can have
 * is bounded by the file's size and what its zip may inflate to, and read.ts counts the rows that are not blank.
 * Stopping early (`break`) ends the worker.
 */
export async function* excelRecords(file: string, name: string, options: { sheetRows?: number } = {}): AsyncGenerator<RawRecord> {
  // The queue's turn is held for as long as the rows are being read: the worker holds the parsed sheet till then.
  let release!: () => void;
  const turn = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const admitted = new Promise<void>((resolve) => (started = resolve));
  void queue(() => {
    started();
    return turn;
  });
  await admitted;
  let worker: Worker | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const running = new Worker(WORKER_FILE, {
      workerData: { path: file, sheetRows: options.sheetRows ?? 0, batchRows: BATCH_ROWS },
      resourceLimits: { maxOldGenerationSizeMb: EXCEL_WORKER_LIMITS.heapMb },
    });
    worker = running;
    const channel = new WorkerChannel(running, name);
    timer = setTimeout(() => {
      channel.fail(new ImportFileError(name, importReadTexts.excelTooLarge(name)));
      void running.terminate();
    }, EXCEL_WORKER_LIMITS.killAfterMs);
    const opened = await channel.next();
    clearTimeout(timer);
    if (opened.type === 'refused') {
      throw new ImportFileError(name, opened.code === 'password' ? importReadTexts.excelPassword(name) : importReadTexts.notExcel(name));
    }
    if (opened.type !== 'opened') throw new Error(`The Excel worker answered ${opened.type} first`);
    for (;;) {
      running.postMessage('next');
      const batch = await channel.next();
      if (batch.type !== 'rows') throw new Error(`The Excel worker answered ${batch.type} for rows`);
      yield* batch.rows;
      if (batch.done) break;
    }
  } finally {
    clearTimeout(timer);
    await worker?.terminate();
    release();
  }
}
