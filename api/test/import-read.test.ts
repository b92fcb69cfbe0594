/**
 * Reading the files of an import (api/src/domain/import/read.ts): CSV in the encodings and delimiters
 * Danish exports come in, Excel files written here by SheetJS, a zip of the five files, and everything that must be
 * refused with its Danish message instead of read: zip bombs, binary junk, empty and oversized files, wrong columns.
 * Every fixture is made by the test in a temporary folder. No database is used.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import {
  classifyFile,
  EXCEL_WORKER_LIMITS,
  extractZip,
  ImportFileError,
  importReadTexts,
  openImportFile,
  openImportSet,
  openTable,
  READ_LIMITS,
  readTable,
  type ImportFile,
  type TableRow,
} from '../src/domain/import/read.js';

const MB = 1024 * 1024;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'klinik-import-read-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let written = 0;
/** Writes a fixture under a folder of its own (so two tests may use one name) and answers it as an upload. */
async function file(name: string, content: string | Uint8Array): Promise<ImportFile> {
  const folder = path.join(dir, String((written += 1)));
  await mkdir(folder);
  const target = path.join(folder, name);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  await writeFile(target, bytes);
  return { path: target, name, size: bytes.length };
}

async function collect(rows: AsyncIterable<TableRow>): Promise<TableRow[]> {
  const all: TableRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

/** The refusal `work` ends in: always an ImportFileError, whose exact message the test then checks. */
async function refusal(work: Promise<unknown>): Promise<ImportFileError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return error as ImportFileError;
  }
  throw new Error('the file was not refused');
}

/** The cells of each row, as plain objects (the reader's have no prototype). */
const plain = (rows: TableRow[]) => rows.map((row) => ('cells' in row ? { row: row.row, cells: { ...row.cells } } : row));

function workbook(rows: unknown[][], cells: Record<string, XLSX.CellObject> = {}, origin = 'A1'): XLSX.WorkBook {
  const sheet = XLSX.utils.sheet_add_aoa(XLSX.utils.aoa_to_sheet([]), rows, { origin });
  Object.assign(sheet, cells);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Ark1');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Ikke dette ark']]), 'Ark2');
  return book;
}

const excelBytes = (book: XLSX.WorkBook, bookType: 'xlsx' | 'biff8' | 'xlsm') => XLSX.write(book, { type: 'buffer', bookType }) as Buffer;

describe('CSV', () => {
  it('reads UTF-8 with a BOM and ; with quoted fields holding ;, line breaks and quotes, numbering rows as a spreadsheet does', async () => {
    const upload = await file(
      'klienter.csv',
      '\uFEFF ID ;Navn;Adresse\r\n1;Søren;"Vej 1; 2. sal"\r\n\r\n2;"Anna ""Lille"" Hansen";"Gade 2\r\n2100 København Ø"\r\n3;Bo;\r\n;;\r\n4; Åse ;x\r\n',
    );
    const table = await openTable(upload);
    expect(table.headers).toEqual(['ID', 'Navn', 'Adresse']);
    expect(table.headerRow).toBe(1);
    expect(plain(await collect(table.rows()))).toEqual([
      { row: 2, cells: { ID: '1', Navn: 'Søren', Adresse: 'Vej 1; 2. sal' } },
      { row: 4, cells: { ID: '2', Navn: 'Anna "Lille" Hansen', Adresse: 'Gade 2\r\n2100 København Ø' } },
      { row: 5, cells: { ID: '3', Navn: 'Bo', Adresse: '' } },
      { row: 7, cells: { ID: '4', Navn: 'Åse', Adresse: 'x' } },
    ]);
    // Each call reads the file again from the start.
    expect(await collect(table.rows())).toHaveLength(4);
  });

  it('reads UTF-8 without a BOM and , as the delimiter', async () => {
    const upload = await file('ydelser.csv', 'ID,Navn,Pris\n1,Ærlig massage,"1.234,50"\n2,Zoneterapi,450\n');
    expect(plain(await collect(readTable(upload)))).toEqual([
      { row: 2, cells: { ID: '1', Navn: 'Ærlig massage', Pris: '1.234,50' } },
      { row: 3, cells: { ID: '2', Navn: 'Zoneterapi', Pris: '450' } },
    ]);
  });

  it('reads Windows-1252, as Danish Excel saves CSV, also when the first 64 KB are plain ASCII', async () => {
    const short = await file('klienter.csv', iconv.encode('ID;Navn\r\n1;Søren Æbelø\r\n2;Åse Ørsted\r\n', 'win1252'));
    expect(plain(await collect(readTable(short)))).toEqual([
      { row: 2, cells: { ID: '1', Navn: 'Søren Æbelø' } },
      { row: 3, cells: { ID: '2', Navn: 'Åse Ørsted' } },
    ]);

    const ascii = Array.from({ length: 8_000 }, (_, index) => `${index + 1};Hansen`).join('\r\n');
    const long = await file('lang.csv', iconv.encode(`ID;Navn\r\n${ascii}\r\n8001;Søren\r\n`, 'win1252'));
    expect(long.size).toBeGreaterThan(100 * 1024);
    const rows = await collect(readTable(long));
    expect(rows).toHaveLength(8_001);
    expect(plain(rows.slice(-1))).toEqual([{ row: 8_002, cells: { ID: '8001', Navn: 'Søren' } }]);
  });

  it('keeps UTF-8 when a character is cut by the 64 KB boundary of the first read', async () => {
    const header = 'ID;Navn\n';
    const filler = 'a'.repeat(64 * 1024 - 1 - Buffer.byteLength(`${header}1;`));
    const bytes = Buffer.from(`${header}1;${filler}ø\n`, 'utf8');
    expect(bytes.subarray(64 * 1024 - 1, 64 * 1024 + 1)).toEqual(Buffer.from('ø', 'utf8'));
    const rows = await collect(readTable(await file('grænse.csv', bytes)));
    expect(rows).toEqual([{ row: 2, cells: { ID: '1', Navn: `${filler}ø` } }]);
  });

  it('reads tab-separated UTF-16 with a BOM (Excel\'s Unicode text)', async () => {
    const upload = await file('klienter.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ID\tNavn\r\n1\tSøren; Bo\r\n', 'utf16le')]));
    expect(plain(await collect(readTable(upload)))).toEqual([{ row: 2, cells: { ID: '1', Navn: 'Søren; Bo' } }]);
  });

  it('makes a row with more cells than columns a row error and reads on; empty cells at the end are no error', async () => {
    const upload = await file('ydelser.csv', 'ID;Navn;Pris;\n1;A;10\n2;B;20;ekstra\n3;C;30;;\n');
    expect(plain(await collect(readTable(upload)))).toEqual([
      { row: 2, cells: { ID: '1', Navn: 'A', Pris: '10' } },
      { row: 3, error: 'Rækken har 4 celler, men filen har kun 3 kolonner' },
      { row: 4, cells: { ID: '3', Navn: 'C', Pris: '30' } },
    ]);
  });

  it('refuses a quote that never closes, naming its row, and a column named twice', async () => {
    const open = await file('klienter.csv', 'ID;Navn\n1;A\n2;"B\n3;C\n');
    expect((await refusal(collect(readTable(open)))).message).toBe('klienter.csv: anførselstegnet i række 3 bliver aldrig lukket');
    // A record longer than any export's (a wrong delimiter, or a quote that swallows the file).
    const long = await file('klienter.csv', `ID;Navn\n1;${'x'.repeat(300_000)}\n`);
    expect((await refusal(collect(readTable(long)))).message).toBe('klienter.csv kunne ikke læses som CSV (række 2)');
    const twice = await file('klienter.csv', 'ID;Navn;id\n1;A;2\n');
    const error = await refusal(openTable(twice));
    expect(error.message).toBe('klienter.csv har kolonnen id mere end én gang');
    expect(error.fileName).toBe('klienter.csv');
  });

  it('refuses binary junk, an empty file, a file of empty lines, a file over 50 MB and a file of another type', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4_000, 0xab)]);
    expect((await refusal(openTable(await file('klienter.csv', exe)))).message).toBe('klienter.csv er ikke en CSV-fil: den indeholder binære data');
    const controls = Buffer.alloc(2_000, 0x01);
    expect((await refusal(openTable(await file('kontrol.csv', controls)))).message).toBe('kontrol.csv er ikke en CSV-fil: den indeholder binære data');
    expect((await refusal(openTable(await file('tom.csv', '')))).message).toBe('tom.csv er tom');
    expect((await refusal(openTable(await file('tom.csv', '\uFEFF\r\n;;\r\n  \r\n')))).message).toBe('tom.csv er tom');

    const large = await file('stor.csv', 'ID;Navn\n');
    await truncate(large.path, 50 * MB + 1); // sparse: nothing is written
    expect((await refusal(openTable(large))).message).toBe('stor.csv er for stor: højst 50 MB');
    expect((await refusal(openTable(await file('noter.txt', 'ID;Navn\n')))).message).toBe('noter.txt har en ugyldig filtype.');
  });

  it('refuses a header too far down and too many columns', async () => {
    const low = await file('klienter.csv', '\n;\n\nID;Navn\n1;A\n');
    expect((await openTable(low)).headerRow).toBe(4);
    expect((await refusal(openTable(low, { ...READ_LIMITS, headerRows: 3 }))).message).toBe('klienter.csv har ingen kolonneoverskrifter i de første 3 rækker');
    expect((await refusal(openTable(low, { ...READ_LIMITS, columns: 1 }))).message).toBe('klienter.csv har for mange kolonner: højst 1');
  });

  it('refuses more rows than allowed (500.000 by default)', async () => {
    const upload = await file('bookinger.csv', 'ID;Navn\n1;A\n2;B\n3;C\n');
    expect(plain(await collect(readTable(upload, { ...READ_LIMITS, rows: 3 })))).toHaveLength(3);
    expect((await refusal(collect(readTable(upload, { ...READ_LIMITS, rows: 2 })))).message).toBe('bookinger.csv har for mange rækker: højst 2');
    expect(importReadTexts.tooManyRows('bookinger.csv', READ_LIMITS.rows)).toBe('bookinger.csv har for mange rækker: højst 500.000');
  });
});

describe('Excel', () => {
  /** A date with a time, a date alone, a time alone, numbers, a CPR number with and without its format, formula-looking text and a real formula. */
  const sample = () =>
    workbook(
      [
        ['ID', 'Dato', 'Pris', 'Tekst', 'CPR', 'Tid', 'Dobbelt'],
        [1, null, 1234.5, '=HYPERLINK("http://evil.example","klik")', null, null, null],
        ['2', null, 0.1 + 0.2, '+cmd', 101901234, null, null],
        [3, null, -25, '@SUM(A1:A2)', null, null, null],
      ],
      {
        B2: { t: 'n', v: 46350.604166666664, z: 'dd-mm-yyyy hh:mm' },
        B3: { t: 'n', v: 46350, z: 'dd-mm-yyyy' },
        E2: { t: 'n', v: 101901234, z: '0000000000' },
        F2: { t: 'n', v: 0.0625, z: 'hh:mm' },
        G2: { t: 'n', v: 2469, f: 'C2*2' },
      },
    );
  const expected = [
    { row: 2, cells: { ID: '1', Dato: '24-11-2026 14:30', Pris: '1234,5', Tekst: '=HYPERLINK("http://evil.example","klik")', CPR: '0101901234', Tid: '01:30', Dobbelt: '2469' } },
    { row: 3, cells: { ID: '2', Dato: '24-11-2026', Pris: '0,3', Tekst: '+cmd', CPR: '101901234', Tid: '', Dobbelt: '' } },
    { row: 4, cells: { ID: '3', Dato: '', Pris: '-25', Tekst: '@SUM(A1:A2)', CPR: '', Tid: '', Dobbelt: '' } },
  ];

  it('reads the first sheet of an xlsx: dates as DD-MM-YYYY HH:mm, numbers with a decimal comma, formulas as their text', async () => {
    const table = await openTable(await file('data.xlsx', excelBytes(sample(), 'xlsx')));
    expect(table.headers).toEqual(['ID', 'Dato', 'Pris', 'Tekst', 'CPR', 'Tid', 'Dobbelt']);
    expect(plain(await collect(table.rows()))).toEqual(expected);
  });

  it('reads an .xls (BIFF8) and an .xlsm the same way, and finds a header below empty rows', async () => {
    expect(plain(await collect(readTable(await file('data.xls', excelBytes(sample(), 'biff8')))))).toEqual(expected);
    expect(plain(await collect(readTable(await file('data.xlsm', excelBytes(sample(), 'xlsm')))))).toEqual(expected);
    // A workbook of the old Mac date system counts its days from 1904.
    const mac = workbook([['ID', 'Start'], [1, null]], { B2: { t: 'n', v: 46350.604166666664 - 1462, z: 'dd-mm-yyyy hh:mm' } });
    mac.Workbook = { WBProps: { date1904: true } };
    expect(plain(await collect(readTable(await file('mac.xlsx', excelBytes(mac, 'xlsx')))))).toEqual([{ row: 2, cells: { ID: '1', Start: '24-11-2026 14:30' } }]);
    const lower = await openTable(await file('lavere.xlsx', excelBytes(workbook([['ID', 'Navn'], [7, 'Åse']], {}, 'B3'), 'xlsx')));
    expect(lower.headerRow).toBe(3);
    expect(plain(await collect(lower.rows()))).toEqual([{ row: 4, cells: { ID: '7', Navn: 'Åse' } }]);
  });

  it('reads an .xls that is really HTML or CSV, as old systems write them, as the text it holds', async () => {
    const html = '<html><body><table><tr><td>ID</td><td>Pris</td><td>Start</td></tr><tr><td>1</td><td>1.234,50</td><td>24-11-2026 14:30</td></tr></table></body></html>';
    expect(plain(await collect(readTable(await file('gammel.xls', html))))).toEqual([{ row: 2, cells: { ID: '1', Pris: '1.234,50', Start: '24-11-2026 14:30' } }]);
    expect(plain(await collect(readTable(await file('tekst.xls', iconv.encode('ID;Navn\r\n1;Søren\r\n', 'win1252')))))).toEqual([{ row: 2, cells: { ID: '1', Navn: 'Søren' } }]);
  });

  it('refuses an Excel file SheetJS cannot open, a password-protected one, one that inflates too far, and too many rows', async () => {
    expect((await refusal(openTable(await file('junk.xlsx', Buffer.concat([Buffer.from([0, 1, 2, 3]), Buffer.alloc(3_000, 0xab)]))))).message).toBe(
      'junk.xlsx kunne ikke åbnes som Excel-fil',
    );
    const zipJunk = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(3_000, 0xab)]);
    expect((await refusal(openTable(await file('zip.xlsx', zipJunk)))).message).toBe('zip.xlsx kunne ikke åbnes som Excel-fil');
    const cfbJunk = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(3_000, 0xab)]);
    expect((await refusal(openTable(await file('cfb.xls', cfbJunk)))).message).toBe('cfb.xls kunne ikke åbnes som Excel-fil');

    // What Excel writes for 'Beskyt med adgangskode': a compound file holding the encrypted package.
    const { CFB } = XLSX as unknown as { CFB: { utils: { cfb_new(): unknown; cfb_add(cfb: unknown, name: string, content: Buffer): void }; write(cfb: unknown, options: { type: 'buffer' }): Uint8Array } };
    const locked = CFB.utils.cfb_new();
    CFB.utils.cfb_add(locked, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    CFB.utils.cfb_add(locked, '/EncryptedPackage', Buffer.alloc(5_000, 7));
    expect((await refusal(openTable(await file('låst.xlsx', CFB.write(locked, { type: 'buffer' }))))).message).toBe(
      'låst.xlsx er beskyttet med adgangskode. Gem den uden adgangskode, og prøv igen.',
    );

    const data = await file('data.xlsx', excelBytes(sample(), 'xlsx'));
    const small = { ...READ_LIMITS, spreadsheetZip: { ...READ_LIMITS.spreadsheetZip, totalBytes: 4_000 } };
    expect((await refusal(openTable(data, small))).message).toBe('data.xlsx er for stor til at blive læst. Gem den som CSV, og prøv igen.');
    expect((await refusal(collect(readTable(data, { ...READ_LIMITS, rows: 2 })))).message).toBe('data.xlsx har for mange rækker: højst 2');
    // Blank rows are not counted.
    const gaps = await file('huller.xlsx', excelBytes(workbook([['ID'], [1], [2], [], [], [], [3]]), 'xlsx'));
    expect(await collect(readTable(gaps, { ...READ_LIMITS, rows: 3 }))).toHaveLength(3);
    expect((await refusal(collect(readTable(gaps, { ...READ_LIMITS, rows: 2 })))).message).toBe('huller.xlsx har for mange rækker: højst 2');
  });

  it('ends a worker that takes too long and refuses the file, and reads the next file after it', async () => {
    const data = await file('data.xlsx', excelBytes(sample(), 'xlsx'));
    const before = EXCEL_WORKER_LIMITS.killAfterMs;
    EXCEL_WORKER_LIMITS.killAfterMs = 1;
    try {
      expect((await refusal(openTable(data))).message).toBe('data.xlsx er for stor til at blive læst. Gem den som CSV, og prøv igen.');
    } finally {
      EXCEL_WORKER_LIMITS.killAfterMs = before;
    }
    expect(plain(await collect(readTable(data)))).toEqual(expected);
  });
});

describe('which file is which', () => {
  it('tells a file by its columns, whatever their case and spacing, with extra columns allowed', () => {
    expect(classifyFile('x.csv', ['Klient ID', 'Ydelse ID', 'Start', 'Slut', 'Fakturaer', 'Oprettet', 'Produktnavne', 'Subtotal', 'Noter']).kind).toBe('booking');
    expect(classifyFile('f.csv', ['id', 'KLIENT-ID', 'subtotal', 'Nummer', 'dato', 'oprettet'])).toEqual({
      kind: 'invoice',
      columns: { ID: 'id', 'Klient ID': 'KLIENT-ID', Subtotal: 'subtotal', Nummer: 'Nummer', Dato: 'dato', Oprettet: 'oprettet' },
    });
    expect(classifyFile('k.csv', ['Telefonnummer', 'Navn', 'Email', 'CPR', 'Adresse', 'ID']).columns['E-mail']).toBe('Email');
  });

  it('names the missing columns, or says the file is none of the five', () => {
    const message = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        expect(error).toBeInstanceOf(ImportFileError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(message(() => classifyFile('klienter.csv', ['ID', 'Adresse', 'E-mail', 'Telefonnummer']))).toBe('klienter.csv mangler kolonnerne: CPR, Navn');
    expect(message(() => classifyFile('ydelser.csv', ['ID', 'Spærretid', 'Navn', 'Pris']))).toBe('ydelser.csv mangler kolonnen: Tid');
    expect(message(() => classifyFile('fakturaer.csv', ['ID', 'Adresse', 'CPR', 'E-mail', 'Navn', 'Telefonnummer'], 'invoice'))).toBe(
      'fakturaer.csv mangler kolonnerne: Klient ID, Subtotal, Nummer, Dato, Oprettet',
    );
    expect(message(() => classifyFile('andet.csv', ['Foo', 'Bar', 'ID']))).toBe(
      'andet.csv ligner ingen af de fem eksportfiler (klienter, behandlinger, bookinger, fakturalinjer, fakturaer): kolonnerne passer ikke',
    );
    expect(message(() => classifyFile('k.csv', ['ID', 'Adresse', 'CPR', 'E-mail', 'Email', 'Navn', 'Telefonnummer']))).toBe('k.csv har kolonnen E-mail mere end én gang');
  });

  it('keys the rows of an opened export file by the spec\'s column names', async () => {
    const upload = await file('faktura.csv', 'id;klient id;SUBTOTAL;Nummer;Dato;Oprettet;Note\n17;4;"1.250,00";0042-19;24-11-2019;24-11-2019 10:00;betalt\n');
    const table = await openImportFile(upload);
    expect(table.kind).toBe('invoice');
    expect(plain(await collect(table.rows()))).toEqual([
      { row: 2, cells: { ID: '17', 'Klient ID': '4', Subtotal: '1.250,00', Nummer: '0042-19', Dato: '24-11-2019', Oprettet: '24-11-2019 10:00', Note: 'betalt' } },
    ]);
  });
});

describe('zip', () => {
  const enc = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
  const treatments = () => excelBytes(workbook([['ID', 'Spærretid', 'Navn', 'Pris', 'Tid'], [1, 15, 'Massage', 450, 60]]), 'xlsx');
  const five = () => ({
    'eksport/': new Uint8Array(0),
    'eksport/klienter.csv': new Uint8Array(iconv.encode('ID;Adresse;CPR;E-mail;Navn;Telefonnummer\r\n1;"Vej 1, 2100 København Ø";010190-1234;soren@example.dk;Søren Ærø;12345678\r\n', 'win1252')),
    'eksport/ydelser.xlsx': new Uint8Array(treatments()),
    'eksport/bookinger.csv': enc('Klient ID,Ydelse ID,Start,Slut,Fakturaer,Oprettet,Produktnavne,Subtotal\n1,1,24-11-2026 14:30,24-11-2026 15:30,17,01-11-2026 09:00,Massage,"450,00"\n'),
    'eksport/fakturalinjer.csv': enc('ID;Rabat;Fakturanummer;Pris;Moms;Tekst\n9;0;0042-19;450,00;90,00;Massage\n'),
    'eksport/fakturaer.csv': enc('id;klient id;subtotal;nummer;dato;oprettet\n17;1;450,00;0042-19;24-11-2026;24-11-2026 15:30\n'),
    '__MACOSX/eksport/._klienter.csv': enc('junk'),
    'eksport/.DS_Store': enc('junk'),
    'eksport/LÆS MIG.txt': enc('Eksport fra det gamle system'),
  });

  it('opens the five files of a zip, told by their columns, and ignores folders and macOS junk', async () => {
    const upload = await file('eksport.zip', zipSync(five()));
    const work = await mkdtemp(path.join(dir, 'work-'));
    const set = await openImportSet([upload], work);
    expect(Object.fromEntries(Object.entries(set).map(([kind, table]) => [kind, table.name]))).toEqual({
      client: 'klienter.csv',
      treatment: 'ydelser.xlsx',
      booking: 'bookinger.csv',
      invoiceLine: 'fakturalinjer.csv',
      invoice: 'fakturaer.csv',
    });
    expect(plain(await collect(set.client.rows()))).toEqual([
      { row: 2, cells: { ID: '1', Adresse: 'Vej 1, 2100 København Ø', CPR: '010190-1234', 'E-mail': 'soren@example.dk', Navn: 'Søren Ærø', Telefonnummer: '12345678' } },
    ]);
    expect(plain(await collect(set.treatment.rows()))).toEqual([{ row: 2, cells: { ID: '1', Spærretid: '15', Navn: 'Massage', Pris: '450', Tid: '60' } }]);
    expect(plain(await collect(set.invoice.rows()))).toEqual([
      { row: 2, cells: { ID: '17', 'Klient ID': '1', Subtotal: '450,00', Nummer: '0042-19', Dato: '24-11-2026', Oprettet: '24-11-2026 15:30' } },
    ]);
    // Only the five were unpacked, under names of our own.
    const [unpacked] = await readdir(work);
    expect((await readdir(path.join(work, unpacked!))).sort()).toEqual(['0.csv', '1.xlsx', '2.csv', '3.csv', '4.csv']);
  });

  it('wants exactly one file of each kind', async () => {
    const files = five();
    const work = await mkdtemp(path.join(dir, 'work-'));
    const { 'eksport/fakturaer.csv': _invoices, ...four } = files;
    const error = await refusal(openImportSet([await file('fire.zip', zipSync(four))], work));
    expect(error.message).toBe('Filen med fakturaer mangler');
    expect(error.fileName).toBeNull();
    const twice = await file('ekstra.csv', 'ID;Adresse;CPR;E-mail;Navn;Telefonnummer\n2;;;;Bo;\n');
    expect((await refusal(openImportSet([await file('eksport.zip', zipSync(files)), twice], work))).message).toBe(
      'klienter.csv og ekstra.csv er begge filer med klienter. Upload kun én.',
    );
    const large = await file('stor.zip', zipSync(files));
    await truncate(large.path, 50 * MB + 1);
    expect((await refusal(openImportSet([large], work))).message).toBe('stor.zip er for stor: højst 50 MB');
    // A file sent in the form's client field must have the client columns.
    const wrongField = { ...(await file('klienter.csv', 'ID;Rabat;Fakturanummer;Pris;Moms;Tekst\n')), kind: 'client' as const };
    expect((await refusal(openImportSet([wrongField], work))).message).toBe('klienter.csv mangler kolonnerne: Adresse, CPR, E-mail, Navn, Telefonnummer');
  });

  it('refuses a zip bomb: 200 MB of one entry packed into a few hundred KB, before inflating it', async () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, data) => {
      if (error) throw error;
      chunks.push(data);
    });
    const entry = new ZipDeflate('klienter.csv', { level: 9 });
    zip.add(entry);
    const block = new Uint8Array(MB).fill(0x3b);
    for (let index = 0; index < 200; index += 1) entry.push(block, index === 199);
    zip.end();
    const bomb = await file('bombe.zip', Buffer.concat(chunks));
    expect(bomb.size).toBeLessThan(MB);
    const target = await mkdtemp(path.join(dir, 'out-'));
    expect((await refusal(extractZip(bomb, target, READ_LIMITS.zip))).message).toBe('klienter.csv i bombe.zip er for stor udpakket: højst 50 MB');
  });

  it('refuses a bomb whose header lies about its size, while inflating', async () => {
    const bytes = Buffer.from(zipSync({ 'klienter.csv': new Uint8Array(5 * MB).fill(0x3b) }));
    // Say 1,000 bytes in the local header (offset 22) and in the central directory (offset 24).
    bytes.writeUInt32LE(1_000, 22);
    bytes.writeUInt32LE(1_000, bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    const target = await mkdtemp(path.join(dir, 'out-'));
    expect((await refusal(extractZip(await file('løgn.zip', bytes), target, READ_LIMITS.zip))).message).toBe('løgn.zip kunne ikke pakkes ud');
  });

  it('refuses a suspicious compression ratio, too many entries, too much in all, encrypted entries, names that climb out, and no tables', async () => {
    const target = await mkdtemp(path.join(dir, 'out-'));
    const dense = await file('tæt.zip', zipSync({ 'klienter.csv': new Uint8Array(5 * MB).fill(0x3b) }));
    expect((await refusal(extractZip(dense, target, READ_LIMITS.zip))).message).toBe('klienter.csv i tæt.zip er pakket usædvanligt tæt og afvises (den ligner en zip-bombe)');

    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`fil${index}.csv`, enc('ID\n1\n')]));
    expect((await refusal(extractZip(await file('mange.zip', zipSync(many)), target, READ_LIMITS.zip))).message).toBe('mange.zip indeholder for mange filer: højst 20');

    const total = await file('to.zip', zipSync({ 'a.csv': new Uint8Array(randomBytes(600 * 1024)), 'b.csv': new Uint8Array(randomBytes(600 * 1024)) }, { level: 0 }));
    expect((await refusal(extractZip(total, target, { ...READ_LIMITS.zip, totalBytes: MB }))).message).toBe('to.zip er for stor udpakket: højst 1 MB i alt');

    const locked = Buffer.from(zipSync({ 'klienter.csv': enc('ID\n1\n') }));
    // Mark the entry encrypted (general purpose flag bit 0) in both headers.
    locked.writeUInt16LE(1, 6);
    locked.writeUInt16LE(1, locked.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect((await refusal(extractZip(await file('låst.zip', locked), target, READ_LIMITS.zip))).message).toBe(
      'låst.zip er beskyttet med adgangskode. Pak filerne uden adgangskode, og prøv igen.',
    );

    const climbing = await file('klatre.zip', zipSync({ '../../ude.csv': enc('ID\n1\n') }));
    expect((await refusal(extractZip(climbing, target, READ_LIMITS.zip))).message).toBe('klatre.zip kunne ikke pakkes ud');
    expect(await readdir(path.dirname(target))).not.toContain('ude.csv');

    const none = await file('intet.zip', zipSync({ 'LÆS MIG.txt': enc('hej'), 'indre.zip': zipSync({ 'klienter.csv': enc('ID\n') }) }));
    expect((await refusal(extractZip(none, target, READ_LIMITS.zip))).message).toBe('intet.zip indeholder ingen CSV- eller Excel-filer');

    const junk = await file('junk.zip', Buffer.alloc(2_000, 0xab));
    expect((await refusal(extractZip(junk, target, READ_LIMITS.zip))).message).toBe('junk.zip kunne ikke pakkes ud');
  });
});
