/**
 * Zip archives of an import: the five export files zipped together, and the zip inside every xlsx/xlsm. A zip says
 * how large its files are, and a zip bomb lies or tells the truth about a size nobody should unpack; so each entry
 * is counted while it inflates, and refused as soon as it passes a limit, whatever its header said:
 * - entries: how many the archive lists (directories and `__MACOSX/` junk count too), checked before anything is read;
 * - entryBytes: what one entry may inflate to;
 * - totalBytes: what all the entries taken may inflate to together;
 * - ratio: inflated ÷ compressed size of one entry, once it passes 1 MB (CSV packs some 5–15 times, a bomb 1,000).
 * The header's sizes are checked first too, so an honest bomb is refused before a byte is inflated; yauzl also
 * checks every entry's inflated size against its header (`validateEntrySizes`) and refuses names that climb out of
 * the archive ('../'), though the entries are written under names of our own anyway.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { fileExtension } from '@klinik/core';
import { importReadTexts, ImportFileError } from './read-texts.js';
import type { ImportFile } from './read-records.js';

export interface ZipLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
  ratio: number;
}

/** Below this an entry may pack as tightly as it likes (a short file of repeated rows). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
export const TABLE_EXTENSIONS = ['csv', 'xls', 'xlsx', 'xlsm'] as const;

type ZipRefusal = 'unreadable' | 'encrypted' | 'entries' | 'entryBytes' | 'totalBytes' | 'ratio';

/** Why a walk stopped, with the entry it stopped at; the caller words it for its own kind of file. */
export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    readonly entry: string,
  ) {
    super(reason);
  }
}

const tooDense = (inflated: number, compressed: number, ratio: number) => inflated > RATIO_FLOOR_BYTES && inflated > ratio * Math.max(compressed, 1);

/** An error of the machine (disk full, no access), not of the archive: not the user's to fix, so passed on as it is. */
const isSystemError = (error: unknown) => typeof error === 'object' && error !== null && 'syscall' in error;

/**
 * Inflates the entries `take` wants (it answers how to open a stream for one, else null) into those streams, within
 * `limits`. Answers the bytes of each entry taken, in order. Throws `ZipRefused` for anything wrong with the archive.
 */
export async function walkZip(file: string, limits: ZipLimits, take: (entry: Entry) => (() => Writable) | null): Promise<number[]> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    if (isSystemError(error)) throw error;
    throw new ZipRefused('unreadable', '');
  }
  const sizes: number[] = [];
  let current = '';
  try {
    if (zip.entryCount > limits.entries) throw new ZipRefused('entries', '');
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      current = entry.fileName;
      if (entry.fileName.endsWith('/')) continue;
      const open = take(entry);
      if (!open) continue;
      if (entry.isEncrypted()) throw new ZipRefused('encrypted', current);
      if (entry.uncompressedSize > limits.entryBytes) throw new ZipRefused('entryBytes', current);
      if (total + entry.uncompressedSize > limits.totalBytes) throw new ZipRefused('totalBytes', current);
      if (tooDense(entry.uncompressedSize, entry.compressedSize, limits.ratio)) throw new ZipRefused('ratio', current);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          total += chunk.length;
          if (bytes > limits.entryBytes) done(new ZipRefused('entryBytes', entry.fileName));
          else if (total > limits.totalBytes) done(new ZipRefused('totalBytes', entry.fileName));
          else if (tooDense(bytes, entry.compressedSize, limits.ratio)) done(new ZipRefused('ratio', entry.fileName));
          else done(null, chunk);
        },
      });
      await pipeline(await zip.openReadStreamPromise(entry), counter, open());
      sizes.push(bytes);
    }
  } catch (error) {
    if (error instanceof ZipRefused || isSystemError(error)) throw error;
    // yauzl's and zlib's errors: a broken archive, an unknown compression method, a size that is not what it said.
    throw new ZipRefused('unreadable', current);
  } finally {
    zip.close();
  }
  return sizes;
}

/** Files in an archive that are not the user's: directories, macOS resource forks and folder settings. */
function isJunk(entryName: string): boolean {
  const base = path.posix.basename(entryName);
  return entryName.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store' || base === 'Thumbs.db' || base === 'desktop.ini';
}

function zipRefusal(error: ZipRefused, name: string, limits: ZipLimits): ImportFileError {
  const entry = path.posix.basename(error.entry);
  const texts: Record<ZipRefusal, () => string> = {
    unreadable: () => importReadTexts.zipUnreadable(name),
    encrypted: () => importReadTexts.zipEncrypted(name),
    entries: () => importReadTexts.zipTooManyEntries(name, limits.entries),
    entryBytes: () => importReadTexts.zipEntryTooLarge(name, entry, limits.entryBytes),
    totalBytes: () => importReadTexts.zipTotalTooLarge(name, limits.totalBytes),
    ratio: () => importReadTexts.zipTooDense(name, entry),
  };
  return new ImportFileError(name, texts[error.reason]());
}

/**
 * Unpacks the CSV and Excel files of an uploaded zip into `dir` (an empty directory the caller made and removes),
 * each under a name of our own; answers them with their names in the archive (without folders). Other files are
 * ignored: folders, `__MACOSX/`, '._' files, a zip in the zip. Refuses an archive that holds no CSV or Excel file.
 */
export async function extractZip(file: ImportFile, dir: string, limits: ZipLimits): Promise<ImportFile[]> {
  const files: ImportFile[] = [];
  let sizes: number[];
  try {
    sizes = await walkZip(file.path, limits, (entry) => {
      const extension = fileExtension(entry.fileName);
      if (isJunk(entry.fileName) || !(TABLE_EXTENSIONS as readonly string[]).includes(extension)) return null;
      const target = path.join(dir, `${files.length}.${extension}`);
      files.push({ path: target, name: path.posix.basename(entry.fileName), size: 0 });
      return () => createWriteStream(target, { flags: 'wx' });
    });
  } catch (error) {
    throw error instanceof ZipRefused ? zipRefusal(error, file.name, limits) : error;
  }
  if (files.length === 0) throw new ImportFileError(file.name, importReadTexts.zipNoTables(file.name));
  return files.map((extracted, index) => ({ ...extracted, size: sizes[index] ?? 0 }));
}

/** A sink that counts and forgets (checking an xlsx's parts without keeping them). */
const discard = () => () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * Checks the zip inside an xlsx/xlsm within `limits` before SheetJS inflates it whole in memory. Any refusal says the
 * file is too large or unreadable as Excel: a user knows no 'xl/worksheets/sheet1.xml'.
 */
export async function checkSpreadsheetZip(file: string, name: string, limits: ZipLimits): Promise<void> {
  try {
    await walkZip(file, limits, discard);
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    const unreadable = error.reason === 'unreadable' || error.reason === 'encrypted';
    throw new ImportFileError(name, unreadable ? importReadTexts.notExcel(name) : importReadTexts.excelTooLarge(name));
  }
}
