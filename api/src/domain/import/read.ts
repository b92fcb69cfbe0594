/**
 * Reading the files of an import: an uploaded file (a path on disk and the name the user gave it) becomes
 * its header and its rows of string cells; which of the five export files it is, is told by its columns. Values
 * are not parsed here (values.ts does that, mapping.ts maps the rows onto records): every cell is handed over as a
 * string, trimmed.
 *
 * - CSV (read-csv.ts) is streamed: encoding (UTF-8 with or without BOM, else Windows-1252; UTF-16 with a BOM) and
 *   delimiter (';', tab or ',') are detected by the rules written there.
 * - Excel (read-excel.ts: xls, xlsx, xlsm) is read whole by SheetJS in a worker thread, first sheet only; how its
 *   numbers and dates arrive is written there ('1234,5', '24-11-2026 14:30'). A file named .xls that is really
 *   text (old systems write HTML or CSV under that name) is read as what it is; a file named .csv must be text.
 * - A zip (read-zip.ts) is unpacked into a directory of the caller's, with limits against zip bombs.
 * Formula-looking text ('=HYPERLINK(…)', '+cmd', '@SUM(…)') is data: nothing here evaluates anything, and the cell
 * arrives as its text; the value layer refuses it in text fields.
 *
 * The header is the first row that is not blank (within `headerRows`); headers are trimmed, without BOM, and
 * matched to the spec's columns ignoring case, spaces, '-', '_' and '.' ('Klient ID', 'klient-id', 'E-mail',
 * 'Email'). Row numbers are those the user sees in a spreadsheet (the header in the first line is row 1, the first
 * row below it row 2; a quoted CSV field with line breaks is one row; empty lines count but yield nothing). A row
 * with a value beyond the last named column is a row error, not a refusal; a value under a column without a name
 * is ignored. Everything else wrong with a file refuses it as a whole with `ImportFileError` (Danish, naming the
 * file; texts in `importReadTexts`), also while its rows are being read (a quote that never closes, too many rows):
 * whoever reads the rows must treat a throw as 'this file cannot be imported', whatever it has read so far.
 */
import { mkdtemp, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileExtension } from '@klinik/core';
import { IMPORT_COLUMNS, IMPORT_FILE_KINDS, IMPORT_FILE_NAMES, type ImportFileKind } from './mapping.js';
import { csvRecords, detectTextFormat, type TextFormat } from './read-csv.js';
import { excelRecords } from './read-excel.js';
import type { ImportFile, RawRecord } from './read-records.js';
import { importReadTexts, ImportFileError } from './read-texts.js';
import { checkSpreadsheetZip, extractZip, TABLE_EXTENSIONS, type ZipLimits } from './read-zip.js';

export type { ImportFileKind } from './mapping.js';
export { importReadTexts, ImportFileError } from './read-texts.js';
export { extractZip, type ZipLimits } from './read-zip.js';
export { EXCEL_WORKER_LIMITS } from './read-excel.js';
export type { ImportFile, RawRecord } from './read-records.js';

/** An upload of the import form: its field tells which file it should be (absent for a file found in a zip). */
export interface ImportUpload extends ImportFile {
  kind?: ImportFileKind;
}

/** A data row: its cells by column, or why it cannot be read (the rest of the file still can). */
export type TableRow = { row: number; cells: Record<string, string> } | { row: number; error: string };

export interface ReadLimits {
  /** Bytes of one file (an upload, or a file in a zip); the spec's 50 MB. */
  fileBytes: number;
  /** Data rows of one file. */
  rows: number;
  /** Named columns of one file. */
  columns: number;
  /** The header must be within this many rows from the top. */
  headerRows: number;
  /** An uploaded zip of the export files. */
  zip: ZipLimits;
  /** The zip inside an xlsx/xlsm: what SheetJS may inflate in memory (50 MB of xlsx is some 140 MB of XML). */
  spreadsheetZip: ZipLimits;
}

const MB = 1024 * 1024;

export const READ_LIMITS: ReadLimits = {
  fileBytes: 50 * MB,
  rows: 500_000,
  columns: 200,
  headerRows: 100,
  zip: { entries: 20, entryBytes: 50 * MB, totalBytes: 250 * MB, ratio: 200 },
  spreadsheetZip: { entries: 1_000, entryBytes: 256 * MB, totalBytes: 256 * MB, ratio: 500 },
};

export interface ImportTable {
  /** The name the user gave the file. */
  name: string;
  /** The header cells as in the file (trimmed, BOM removed; '' for a column without a name), up to the last named one. */
  headers: string[];
  /** The header's row number. */
  headerRow: number;
  /** Reads the data rows, cells keyed by header; each call reads the file again from the start. */
  rows(): AsyncIterable<TableRow>;
}

export interface Classification {
  kind: ImportFileKind;
  /** Each of the kind's spec columns (mapping.ts `IMPORT_COLUMNS`) → its header as written in the file. */
  columns: Record<string, string>;
}

/** An export file known by its columns: its rows' cells are keyed by the spec's column names ('Klient ID'), other columns by their header. */
export interface ClassifiedTable extends ImportTable, Classification {}

type Source = { kind: 'csv'; format: TextFormat } | { kind: 'excel' };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What the file is, by its name and then its content; refuses what it may not be (see the module comment). */
async function sourceOf(file: ImportFile, limits: ReadLimits): Promise<Source> {
  const { name } = file;
  const extension = fileExtension(name);
  if (!(TABLE_EXTENSIONS as readonly string[]).includes(extension)) throw new ImportFileError(name, importReadTexts.fileType(name));
  // The size on disk, not the one we were told: it is what will be read.
  const { size } = await stat(file.path);
  if (size > limits.fileBytes) throw new ImportFileError(name, importReadTexts.tooLarge(name, limits.fileBytes));
  if (size === 0) throw new ImportFileError(name, importReadTexts.empty(name));
  if (extension === 'csv') return { kind: 'csv', format: await detectTextFormat(file.path, name) };
  const head = await firstBytes(file.path, CFB_MAGIC.length);
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    await checkSpreadsheetZip(file.path, name, limits.spreadsheetZip);
    return { kind: 'excel' };
  }
  if (head.equals(CFB_MAGIC)) return { kind: 'excel' };
  let format: TextFormat;
  try {
    format = await detectTextFormat(file.path, name);
  } catch (error) {
    // Neither a spreadsheet nor text: not an Excel file, whatever its name says.
    throw error instanceof ImportFileError ? new ImportFileError(name, importReadTexts.notExcel(name)) : error;
  }
  return format.markup ? { kind: 'excel' } : { kind: 'csv', format };
}

/** The file's records; of an Excel file only the first `sheetRows` when given (a CSV file is streamed anyway). */
function records(file: ImportFile, source: Source, sheetRows?: number): AsyncGenerator<RawRecord> {
  return source.kind === 'csv' ? csvRecords(file.path, file.name, source.format) : excelRecords(file.path, file.name, { sheetRows });
}

const isBlank = (values: readonly string[]) => values.every((value) => value.trim() === '');
const headerText = (text: string) => text.replace(/^\uFEFF/, '').trim();

/** The first row that is not blank, within `headerRows`, checked: not too many columns, none named twice. */
async function findHeader(all: AsyncGenerator<RawRecord>, name: string, limits: ReadLimits): Promise<{ row: number; headers: string[] }> {
  let header: RawRecord | null = null;
  let searched = false;
  for await (const record of all) {
    if (record.row > limits.headerRows) {
      searched = true;
      break;
    }
    if (isBlank(record.values)) continue;
    header = record;
    break;
  }
  if (!header) throw new ImportFileError(name, searched ? importReadTexts.noHeader(name, limits.headerRows) : importReadTexts.empty(name));
  const headers = header.values.map(headerText);
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  const named = headers.filter(Boolean);
  if (named.length > limits.columns) throw new ImportFileError(name, importReadTexts.tooManyColumns(name, limits.columns));
  const seen = new Set<string>();
  for (const text of named) {
    const key = text.toLocaleLowerCase('da');
    if (seen.has(key)) throw new ImportFileError(name, importReadTexts.duplicateColumn(name, text));
    seen.add(key);
  }
  return { row: header.row, headers };
}

/**
 * The data rows below the header, cells keyed by `keys` (one per header cell; null: a column without a name). The
 * cells are a prototype-less object: a header named '__proto__' is then just a column.
 */
async function* tableRows(all: AsyncIterable<RawRecord>, name: string, headerRow: number, keys: readonly (string | null)[], limits: ReadLimits): AsyncGenerator<TableRow> {
  let count = 0;
  for await (const { row, values } of all) {
    if (row <= headerRow || isBlank(values)) continue;
    count += 1;
    if (count > limits.rows) throw new ImportFileError(name, importReadTexts.tooManyRows(name, limits.rows));
    let width = values.length;
    while (width > 0 && values[width - 1]!.trim() === '') width -= 1;
    if (width > keys.length) {
      yield { row, error: importReadTexts.tooManyCells(width, keys.length) };
      continue;
    }
    const cells = Object.create(null) as Record<string, string>;
    keys.forEach((key, column) => {
      if (key !== null) cells[key] = (values[column] ?? '').trim();
    });
    yield { row, cells };
  }
}

interface OpenedFile {
  name: string;
  headers: string[];
  headerRow: number;
  read(keys: readonly (string | null)[]): AsyncIterable<TableRow>;
}

async function openFile(file: ImportFile, limits: ReadLimits): Promise<OpenedFile> {
  const source = await sourceOf(file, limits);
  // One row past the search, so that a header too far down is told as such.
  const { row, headers } = await findHeader(records(file, source, limits.headerRows + 1), file.name, limits);
  return { name: file.name, headers, headerRow: row, read: (keys) => tableRows(records(file, source), file.name, row, keys, limits) };
}

const headerKeys = (headers: readonly string[]) => headers.map((header) => header || null);

/** Opens a CSV or Excel file: its header now, its rows when asked. Refuses it with `ImportFileError` (see above). */
export async function openTable(file: ImportFile, limits: ReadLimits = READ_LIMITS): Promise<ImportTable> {
  const opened = await openFile(file, limits);
  return { name: opened.name, headers: opened.headers, headerRow: opened.headerRow, rows: () => opened.read(headerKeys(opened.headers)) };
}

/** The data rows of a CSV or Excel file, cells keyed by header as written in the file. */
export async function* readTable(file: ImportFile, limits: ReadLimits = READ_LIMITS): AsyncGenerator<TableRow> {
  yield* (await openTable(file, limits)).rows();
}

/** A header as it is compared with the spec's columns: 'Klient ID', 'klient-id' and 'KLIENTID' are one. */
const comparable = (text: string) => text.normalize('NFC').toLocaleLowerCase('da').replace(/[\s\-_.]+/g, '');

/**
 * Which export file `headers` belong to: the kind all of whose spec columns are there (extra columns are fine; if
 * the columns of two kinds are all there, the one with more columns, then the first in `IMPORT_FILE_KINDS`). With
 * `expected` (the form's field of the upload), only that kind is checked. None complete: the missing columns of
 * `expected`, else of the kind most of whose columns are there (at least half), are named in the refusal
 * ('klienter.csv mangler kolonnerne: CPR, Navn'); else the file is not one of the five. The file name is used only
 * in the messages: a file is never told by its name.
 */
export function classifyFile(name: string, headers: readonly string[], expected?: ImportFileKind): Classification {
  const byComparable = new Map<string, string[]>();
  for (const header of headers) {
    if (!header) continue;
    const key = comparable(header);
    byComparable.set(key, [...(byComparable.get(key) ?? []), header]);
  }
  const candidates = (expected ? [expected] : IMPORT_FILE_KINDS).map((kind) => {
    const spec = IMPORT_COLUMNS[kind];
    const columns: Record<string, string> = {};
    const missing: string[] = [];
    for (const column of spec) {
      const found = byComparable.get(comparable(column));
      if (found?.[0] === undefined) missing.push(column);
      else columns[column] = found[0];
    }
    return { kind, columns, missing, share: (spec.length - missing.length) / spec.length };
  });
  const complete = candidates.filter((candidate) => candidate.missing.length === 0).sort((a, b) => IMPORT_COLUMNS[b.kind].length - IMPORT_COLUMNS[a.kind].length)[0];
  if (complete) {
    const twice = Object.keys(complete.columns).find((column) => (byComparable.get(comparable(column))?.length ?? 0) > 1);
    if (twice) throw new ImportFileError(name, importReadTexts.duplicateColumn(name, twice));
    return { kind: complete.kind, columns: complete.columns };
  }
  const closest = [...candidates].sort((a, b) => b.share - a.share)[0];
  if (closest && (expected || closest.share >= 0.5)) throw new ImportFileError(name, importReadTexts.missingColumns(name, closest.missing));
  throw new ImportFileError(name, importReadTexts.unknownFile(name));
}

/** Opens an export file and tells which it is (`classifyFile`); its rows' cells are keyed by the spec's column names. */
export async function openImportFile(file: ImportFile, expected?: ImportFileKind, limits: ReadLimits = READ_LIMITS): Promise<ClassifiedTable> {
  const opened = await openFile(file, limits);
  const { kind, columns } = classifyFile(file.name, opened.headers, expected);
  const specName = new Map(Object.entries(columns).map(([spec, header]) => [header, spec]));
  const keys = opened.headers.map((header) => (header ? (specName.get(header) ?? header) : null));
  return { name: opened.name, headers: opened.headers, headerRow: opened.headerRow, kind, columns, rows: () => opened.read(keys) };
}

const kindName = (kind: ImportFileKind) => IMPORT_FILE_NAMES[kind].toLowerCase();

/**
 * The five export files of an import from what was uploaded: files (each with the form field it came in, if any)
 * and zips, unpacked into folders made under `workDir` (the caller's, removed by the caller when the import is
 * done). Each file is opened and told by its columns; exactly one of each kind is required.
 */
export async function openImportSet(uploads: readonly ImportUpload[], workDir: string, limits: ReadLimits = READ_LIMITS): Promise<Record<ImportFileKind, ClassifiedTable>> {
  const files: ImportUpload[] = [];
  for (const upload of uploads) {
    if (fileExtension(upload.name) !== 'zip') {
      files.push(upload);
      continue;
    }
    const stored = await stat(upload.path);
    if (stored.size > limits.fileBytes) throw new ImportFileError(upload.name, importReadTexts.tooLarge(upload.name, limits.fileBytes));
    files.push(...(await extractZip(upload, await mkdtemp(path.join(workDir, 'zip-')), limits.zip)));
  }
  const tables: Partial<Record<ImportFileKind, ClassifiedTable>> = {};
  for (const file of files) {
    const table = await openImportFile(file, file.kind, limits);
    const earlier = tables[table.kind];
    if (earlier) throw new ImportFileError(file.name, importReadTexts.sameKind(kindName(table.kind), earlier.name, file.name));
    tables[table.kind] = table;
  }
  const missing = IMPORT_FILE_KINDS.find((kind) => !tables[kind]);
  if (missing) throw new ImportFileError(null, importReadTexts.missingFile(kindName(missing)));
  return tables as Record<ImportFileKind, ClassifiedTable>;
}
