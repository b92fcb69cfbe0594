/**
 * Reads the first sheet of an Excel file in a worker thread (read-excel.ts starts it and documents what the cells
 * become). Plain JavaScript so that the same file runs from the sources (jest) and beside the compiled API.
 *
 * SheetJS parses the whole file at once, synchronously, for seconds on a large file; here that blocks nobody, and
 * the thread's heap limit bounds what a hostile file can make it allocate. The rows are then handed over in
 * batches, one batch per 'next' message from the parent, so the parent holds one batch at a time.
 *
 * Nothing is evaluated: SheetJS has no formula engine, `cellFormula: false` does not even keep a formula's text,
 * and a formula cell gives the value Excel last stored for it. A text cell holding '=HYPERLINK(…)', '+cmd' or
 * '@SUM(…)' is handed over as that text: the value layer (values.ts) decides what to do with it.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const { path, sheetRows, batchRows } = workerData;

/** A number format that only pads digits ('0000000000', '000000-0000'): its text keeps a CPR number's leading zero. */
const ZERO_PADDED = /^(?:0|\\?-|\\? |"[- ]*")+$/;

const two = (n) => String(n).padStart(2, '0');

/**
 * A number as plain text with a decimal comma, no grouping, at most 15 significant digits (Excel's own precision):
 * '1234,5'. Not a decimal point: a CSV's '1.250' is Danish for twelve hundred and fifty, and the value parser
 * (values.ts) reads a dot followed by exactly three digits so; a cell holding 89.975 must not become 89975.
 */
function plainNumber(value) {
  return (Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)))).replace('.', ',');
}

/**
 * An Excel date (days since 1899-12-30, or 1904-01-01 in a workbook of the old Mac date system, with the day's
 * fraction; no time zone: it is the wall time typed in, for a Danish clinic Copenhagen time) as 'DD-MM-YYYY HH:mm',
 * or 'DD-MM-YYYY' when the cell has no time of day and its format shows none, or 'HH:mm' for a time alone (no date
 * part). Seconds are dropped.
 */
function dateText(value, format, date1904) {
  const date = XLSX.SSF.parse_date_code(value, { date1904 });
  if (!date || value < 0) return plainNumber(value);
  const clock = `${two(date.H)}:${two(date.M)}`;
  if (Math.floor(value) === 0) return clock;
  const day = `${two(date.d)}-${two(date.m)}-${date.y}`;
  const formatShowsTime = /h/i.test(format.replace(/"[^"]*"|\[\$[^\]]*\]/g, ''));
  return date.H || date.M || date.S || formatShowsTime ? `${day} ${clock}` : day;
}

function cellText(cell, date1904) {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'n': {
      const format = typeof cell.z === 'string' ? cell.z : 'General';
      if (XLSX.SSF.is_date(format)) return dateText(cell.v, format, date1904);
      if (Number.isInteger(cell.v) && ZERO_PADDED.test(format) && typeof cell.w === 'string') return cell.w;
      return plainNumber(cell.v);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      // Only with cellDates, which is off; kept for safety as the ISO text of the stored instant.
      return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v ?? '');
    case 'e':
      // '#N/A', '#DIV/0!': shown as Excel shows them; the value layer refuses them where a value is needed.
      return typeof cell.w === 'string' ? cell.w : '';
    default:
      return '';
  }
}

function open() {
  let workbook;
  try {
    workbook = XLSX.read(readFileSync(path), {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows,
      cellFormula: false,
      cellHTML: false,
      cellNF: true,
      cellDates: false,
      // HTML and XML 'xls' files (old systems' exports): their cells stay the text they are.
      raw: true,
    });
  } catch (error) {
    return { refused: /password|encrypt/i.test(String(error?.message)) ? 'password' : 'unreadable' };
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) return { refused: 'unreadable' };
  return {
    sheet,
    last: sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).e.r : -1,
    date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
  };
}

const opened = open();
if (opened.refused) {
  parentPort.postMessage({ type: 'refused', code: opened.refused });
} else {
  const data = opened.sheet['!data'] ?? [];
  let next = 0;
  parentPort.postMessage({ type: 'opened' });
  parentPort.on('message', () => {
    const rows = [];
    for (; next <= opened.last && rows.length < batchRows; next += 1) {
      const cells = data[next] ?? [];
      const values = [];
      for (let column = 0; column < cells.length; column += 1) values.push(cellText(cells[column], opened.date1904));
      rows.push({ row: next + 1, values });
    }
    parentPort.postMessage({ type: 'rows', rows, done: next > opened.last });
  });
}
