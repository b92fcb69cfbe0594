/**
 * CSV files of an import (read.ts): what encoding and delimiter a file has, and its records as arrays of strings,
 * streamed through csv-parse (never the whole file in memory).
 *
 * The encoding is decided by one deterministic rule, in this order:
 *   1. a UTF-16 byte order mark (FF FE, FE FF): UTF-16 (Excel's 'Unicode-tekst');
 *   2. otherwise the file must be text: no NUL byte anywhere and at most 1 % other control characters in its first
 *      64 KB, else it is refused as binary;
 *   3. a UTF-8 byte order mark, or every byte of the file a valid UTF-8 sequence (checked with a fatal decoder in
 *      stream mode, so a character cut at a chunk boundary is joined, not refused): UTF-8;
 *   4. otherwise Windows-1252, what Danish Excel writes for 'CSV (semikolonsepareret)'.
 * Rule 3 looks at the whole file, not its beginning: an export whose first rows are plain ASCII and whose
 * 'Søren' comes at row 4,000 is still read right. The price is one extra read of the file (no parsing, constant
 * memory), small beside the import itself.
 *
 * The delimiter is the one of ';', tab and ',' found most often outside quotes in the header line (the first line
 * that is not blank); a tie goes to ';', then tab, then ','. Danish exports use ';' because ',' is the decimal
 * comma, and 'Klient ID;Ydelse ID' has no comma to mislead the count.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { importReadTexts, ImportFileError } from './read-texts.js';
import type { RawRecord } from './read-records.js';

export type TextEncoding = 'utf8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export type Delimiter = ';' | '\t' | ',';

export interface TextFormat {
  encoding: TextEncoding;
  delimiter: Delimiter;
  /** The text begins with '<': HTML or XML, as old systems write their '.xls' exports (read.ts gives those to SheetJS). */
  markup: boolean;
}

const SNIFF_BYTES = 64 * 1024;
/** csv-parse's guard against a wrong delimiter or a quote that never closes (characters in one record). */
const MAX_RECORD_CHARS = 256 * 1024;

function byteOrderMark(head: Buffer): TextEncoding | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  return null;
}

/** Control characters no text file has (tab, line feed, form feed, carriage return and ^Z are allowed). */
function controlBytes(head: Buffer): number {
  let found = 0;
  for (const byte of head) if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a) || byte === 0x7f) found += 1;
  return found;
}

/** The delimiter of the header line (see above). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  let started = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (started) break;
      continue;
    } else if (!quoted && (char === ';' || char === '\t' || char === ',')) counts[char] += 1;
    if (char.trim() !== '' && char !== '\uFEFF') started = true;
  }
  const candidates: Delimiter[] = [';', '\t', ','];
  return candidates.reduce((best, candidate) => (counts[candidate] > counts[best] ? candidate : best), ';');
}

/** Reads the file once (see the rules above) and refuses it when it is not text. */
export async function detectTextFormat(path: string, name: string): Promise<TextFormat> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let validUtf8 = true;
  let mark: TextEncoding | null = null;
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: SNIFF_BYTES }) as AsyncIterable<Buffer>) {
    if (headBytes < SNIFF_BYTES) {
      headChunks.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
      headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
    }
    if (first) mark = byteOrderMark(chunk);
    first = false;
    // UTF-16 is full of NUL bytes and never UTF-8: nothing more to learn from the rest.
    if (mark === 'utf-16le' || mark === 'utf-16be') break;
    if (chunk.includes(0)) throw new ImportFileError(name, importReadTexts.notText(name));
    if (validUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        validUtf8 = false;
      }
    }
  }
  if (validUtf8) {
    try {
      // A sequence cut off by the end of the file is not UTF-8 either.
      utf8.decode();
    } catch {
      validUtf8 = false;
    }
  }
  const head = Buffer.concat(headChunks);
  if (mark !== 'utf-16le' && mark !== 'utf-16be' && controlBytes(head) * 100 > head.length) throw new ImportFileError(name, importReadTexts.notText(name));
  const encoding: TextEncoding = mark ?? (validUtf8 ? 'utf8' : 'windows-1252');
  const text = iconv.decode(head, encoding);
  return { encoding, delimiter: detectDelimiter(text), markup: text.replace(/^\uFEFF/, '').trimStart().startsWith('<') };
}

function csvRefusal(error: unknown, name: string, row: number): unknown {
  if (!(error instanceof CsvError)) return error;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new ImportFileError(name, importReadTexts.unclosedQuote(name, row));
  return new ImportFileError(name, importReadTexts.malformedCsv(name, row));
}

/**
 * The file's records in order, every one counted (an empty line is a record of one empty cell), so that `row` is
 * the row a spreadsheet shows for it: a quoted field with line breaks stays one row, as in Excel. Quotes inside an
 * unquoted field are kept as text (`relax_quotes`); a quote that never closes refuses the file, naming the row it
 * opened in. Stopping early (`break`) closes the file.
 */
export async function* csvRecords(path: string, name: string, format: TextFormat): AsyncGenerator<RawRecord> {
  const parser = parse({ delimiter: format.delimiter, relax_column_count: true, relax_quotes: true, bom: true, max_record_size: MAX_RECORD_CHARS });
  // A read error reaches the loop below through the parser, which pipeline destroys with it; an early stop of the
  // loop destroys the parser, and pipeline then closes the file (its "premature close" needs no one told).
  const settled = () => undefined;
  if (format.encoding === 'utf8') pipeline(createReadStream(path), parser, settled);
  else pipeline(createReadStream(path), iconv.decodeStream(format.encoding), parser, settled);
  let row = 0;
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, values };
    }
  } catch (error) {
    throw csvRefusal(error, name, row + 1);
  }
}
