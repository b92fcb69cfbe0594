/**
 * The sample export files: the generator's records hang together as an old system's export does, the
 * writers give the documented bytes, the same seed gives the same files, and the importer's own mapping takes the
 * CSV files with no other complaint than the clients the samples deliberately leave without a CPR number.
 */
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { copenhagenDateKey, copenhagenWallTime, formatCopenhagenTime, isCprBirthDate, startOfCopenhagenDay } from '@klinik/core';
import { IMPORT_COLUMNS, mapImport, type ImportFileKind, type SourceRow } from '../src/domain/import/mapping.js';
import { generateSampleExport, SAMPLE_DEFAULTS, SAMPLE_KINDS, sampleColumns, toCsv, toXlsx, type SampleExport, type SampleKind } from '../src/domain/import/samples.js';

// A Wednesday morning in May: today's calendar is half past, and eight years back cross every DST change.
const now = copenhagenWallTime(2026, 5, 13, 10, 17);
const DAY_MS = 24 * 60 * 60 * 1000;
let sample: SampleExport;
const csv = {} as Record<SampleKind, Buffer>;
const xlsx = {} as Record<SampleKind, Buffer>;

/**
 * The files are checked at a tenth of the default sizes (the generator is the same; writing and reading back 20,000
 * bookings as xlsx twice took ten seconds of the CI's jest stage). The defaults themselves are counted below.
 */
const SIZES = { clients: 300, treatments: 30, bookings: 3_000, invoices: 800 } as const;

beforeAll(() => {
  sample = generateSampleExport({ now, ...SIZES });
  for (const kind of SAMPLE_KINDS) {
    csv[kind] = toCsv(kind, sample[kind]);
    xlsx[kind] = toXlsx(kind, sample[kind]);
  }
});

function csvRows(kind: SampleKind): string[][] {
  return parse(iconv.decode(csv[kind], 'win1252'), { delimiter: ';', record_delimiter: '\r\n' });
}

it('has the asked-for number of records, by default 1,000 clients, 30 treatments, 20,000 bookings and 5,000 invoices', () => {
  const defaults = generateSampleExport({ now });
  expect([defaults.client.length, defaults.treatment.length, defaults.booking.length, defaults.invoice.length]).toEqual([1_000, 30, 20_000, 5_000]);
  expect(defaults.invoiceLine.length).toBeGreaterThan(defaults.invoice.length);
  expect(sample.booking).toHaveLength(SIZES.bookings);
  const small = generateSampleExport({ now, seed: 7, clients: 40, treatments: 5, bookings: 300, invoices: 60 });
  expect([small.client.length, small.treatment.length, small.booking.length, small.invoice.length]).toEqual([40, 5, 300, 60]);
  // A price list longer than the catalogue still has unique names.
  expect(new Set(generateSampleExport({ now, treatments: 80, bookings: 0, invoices: 0 }).treatment.map((treatment) => treatment.name)).size).toBe(80);
  expect(() => generateSampleExport({ now, bookings: 10, invoices: 50 })).toThrow(RangeError);
  expect(() => generateSampleExport({ now, clients: -1 })).toThrow(RangeError);
  expect(() => generateSampleExport({ now: Number.NaN })).toThrow(RangeError);
});

it('gives byte-identical files for the same seed and other files for another', () => {
  const again = generateSampleExport({ now, seed: SAMPLE_DEFAULTS.seed, ...SIZES });
  for (const kind of SAMPLE_KINDS) {
    expect(toCsv(kind, again[kind]).equals(csv[kind])).toBe(true);
    expect(toXlsx(kind, again[kind]).equals(xlsx[kind])).toBe(true);
  }
  const other = generateSampleExport({ now, seed: 2, ...SIZES });
  expect(toCsv('client', other.client).equals(csv.client)).toBe(false);
  expect(toCsv('booking', other.booking).equals(csv.booking)).toBe(false);
});

// The per-record checks collect what is wrong and compare the list once: 20,000 bookings times ten expect() calls
// would take seconds.
it('refers only to records that exist, and every invoice adds up to its lines', () => {
  const clients = new Map(sample.client.map((client) => [client.id, client]));
  const treatments = new Map(sample.treatment.map((treatment) => [treatment.id, treatment]));
  const invoices = new Map(sample.invoice.map((invoice) => [invoice.id, invoice]));
  for (const kind of ['client', 'treatment', 'invoice', 'invoiceLine'] as const) expect(new Set(sample[kind].map((record) => record.id)).size).toBe(sample[kind].length);

  const problems: string[] = [];
  const invoicedBookings = new Map<number, number>();
  for (const [index, booking] of sample.booking.entries()) {
    const treatment = treatments.get(booking.treatmentId);
    if (!clients.has(booking.clientId)) problems.push(`booking ${index}: no client ${booking.clientId}`);
    if (!treatment) problems.push(`booking ${index}: no treatment ${booking.treatmentId}`);
    else if (booking.productNames !== treatment.name || booking.subtotalOre !== treatment.priceOre || booking.to - booking.from !== treatment.duration * 60_000) problems.push(`booking ${index}: not its treatment's name, price or duration`);
    if (booking.invoiceIds.some((id, at) => at > 0 && id <= booking.invoiceIds[at - 1]!)) problems.push(`booking ${index}: invoice IDs not ascending`);
    for (const id of booking.invoiceIds) {
      const invoice = invoices.get(id);
      if (!invoice || invoice.clientId !== booking.clientId || invoice.createdAt < booking.to) problems.push(`booking ${index}: invoice ${id} missing, another client's or made before the booking ended`);
      invoicedBookings.set(id, (invoicedBookings.get(id) ?? 0) + 1);
    }
  }
  // Every invoice is some booking's; some bookings have two (a product on its own), some invoices collect several.
  expect(invoicedBookings.size).toBe(sample.invoice.length);
  expect(sample.booking.some((booking) => booking.invoiceIds.length === 2)).toBe(true);
  expect([...invoicedBookings.values()].some((count) => count >= 2)).toBe(true);

  // Numbers run from 1001 without a gap in the order the invoices were made; Dato is the day of Oprettet.
  expect(sample.invoice.map((invoice) => invoice.number)).toEqual(sample.invoice.map((_, index) => 1001 + index));
  const treatmentNames = new Set(sample.treatment.map((treatment) => treatment.name));
  const byNumber = new Map(sample.invoice.map((invoice) => [invoice.number, { invoice, sum: 0 }]));
  for (const line of sample.invoiceLine) {
    const entry = byNumber.get(line.invoiceNumber);
    if (!entry || entry.invoice.id !== line.invoiceId) problems.push(`line ${line.id}: no invoice number ${line.invoiceNumber}`);
    else entry.sum += line.priceOre - line.discountOre;
    if (line.discountOre < 0 || line.discountOre >= line.priceOre) problems.push(`line ${line.id}: discount ${line.discountOre}`);
    // Treatments are exempt from VAT; a product's price holds 25 % on top of its price without it.
    if (line.vatOre !== (treatmentNames.has(line.text) ? 0 : Math.round((line.priceOre - line.discountOre) / 5))) problems.push(`line ${line.id}: VAT ${line.vatOre}`);
  }
  for (const { invoice, sum } of byNumber.values()) {
    if (invoice.subtotalOre !== sum) problems.push(`invoice ${invoice.id}: subtotal ${invoice.subtotalOre}, lines ${sum}`);
    if (!clients.has(invoice.clientId)) problems.push(`invoice ${invoice.id}: no client ${invoice.clientId}`);
    if (copenhagenDateKey(invoice.date) !== copenhagenDateKey(invoice.createdAt) || invoice.date !== startOfCopenhagenDay(invoice.date)) problems.push(`invoice ${invoice.id}: Dato not the day of Oprettet`);
    if (invoice.createdAt > now) problems.push(`invoice ${invoice.id}: made after now`);
  }
  expect(problems).toEqual([]);
  expect(sample.invoiceLine.filter((line) => line.vatOre > 0).length).toBeGreaterThan(10);
  expect(sample.invoiceLine.filter((line) => line.discountOre > 0).length).toBeGreaterThan(10);
});

it("keeps one therapist's calendar: weekdays 08:00–18:00, never two at once, pauses kept, mostly the past", () => {
  const problems: string[] = [];
  const pauses = new Map(sample.treatment.map((treatment) => [treatment.id, treatment.pause]));
  for (const [index, booking] of sample.booking.entries()) {
    const previous = sample.booking[index - 1];
    if (previous && booking.from < previous.to + pauses.get(previous.treatmentId)! * 60_000) problems.push(`booking ${index}: overlaps the one before or its pause`);
    const [year, month, day] = copenhagenDateKey(booking.from).split('-').map(Number) as [number, number, number];
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    if (weekday === 0 || weekday === 6) problems.push(`booking ${index}: on a weekend`);
    if (copenhagenDateKey(booking.to) !== copenhagenDateKey(booking.from) || formatCopenhagenTime(booking.from) < '08:00' || formatCopenhagenTime(booking.to) > '18:00') problems.push(`booking ${index}: outside 08:00–18:00`);
    if (booking.createdAt >= booking.from || booking.createdAt > now) problems.push(`booking ${index}: made after its start or after now`);
    if (booking.from >= now + 14 * DAY_MS) problems.push(`booking ${index}: more than two weeks ahead`);
  }
  expect(problems).toEqual([]);
  const ahead = sample.booking.filter((booking) => booking.from > now).length;
  expect(ahead).toBeGreaterThan(30);
  expect(ahead).toBeLessThanOrEqual(sample.booking.length * 0.2);
  expect(sample.booking.filter((booking) => booking.to > now).every((booking) => booking.invoiceIds.length === 0)).toBe(true);
  // Days open at 08:00 Copenhagen time in winter (UTC+1) and in summer (UTC+2) alike.
  for (const month of ['01', '07']) expect(sample.booking.some((booking) => copenhagenDateKey(booking.from).slice(5, 7) === month && formatCopenhagenTime(booking.from) === '08:00')).toBe(true);
});

it('gives every client a Danish name and, but for a few, a CPR number with a real birth date of the right century', () => {
  const withoutCpr = sample.client.filter((client) => !client.cpr);
  expect(withoutCpr.length).toBeGreaterThan(5);
  expect(withoutCpr.length).toBeLessThan(60);
  const nowYear = Number(copenhagenDateKey(now).slice(0, 4));
  for (const client of sample.client) {
    expect(client.nameFirst).toMatch(/^\p{Lu}\p{Ll}+( \p{Lu}\p{Ll}+)*$/u);
    expect(client.nameLast).toMatch(/^\p{Lu}\p{Ll}+$/u);
    if (client.email) expect(client.email).toMatch(/^[a-z0-9._]+@(\w+\.)?example\.(com|net|org)$/);
    if (client.phone) expect(client.phone).toMatch(/^(\+45 )?(\d{8}|\d\d \d\d \d\d \d\d)$/);
    if (client.address) expect(`${client.post} ${client.town}`).toMatch(/^\d{4} \p{Lu}/u);
    if (!client.cpr) continue;
    expect(client.cpr).toMatch(/^\d{6}-\d{4}$/);
    expect(isCprBirthDate(client.cpr.slice(0, 6))).toBe(true);
    // CPR's seventh digit says the century: 0–3 the 1900s; 4 and 9 the 2000s up to '36; 5–8 the 2000s up to '57.
    const yy = Number(client.cpr.slice(4, 6));
    const seventh = Number(client.cpr[7]);
    const year = (seventh <= 3 ? 1900 : seventh === 4 || seventh === 9 ? (yy <= 36 ? 2000 : 1900) : yy <= 57 ? 2000 : 1800) + yy;
    expect(nowYear - year).toBeGreaterThanOrEqual(16);
    expect(nowYear - year).toBeLessThanOrEqual(89);
  }
  expect(new Set(sample.client.filter((client) => client.cpr).map((client) => client.cpr)).size).toBe(sample.client.length - withoutCpr.length);
  expect(sample.client.some((client) => /[æøå]/i.test(`${client.nameFirst} ${client.nameLast}`))).toBe(true);
  // Those without CPR have nothing an importer that requires CPR would then refuse too.
  const noCprIds = new Set(withoutCpr.map((client) => client.id));
  expect(sample.booking.some((booking) => noCprIds.has(booking.clientId))).toBe(false);
  expect(sample.invoice.some((invoice) => noCprIds.has(invoice.clientId))).toBe(false);
});

it('writes Windows-1252 CSV with ;, CRLF and quotes where needed, in the documented formats', () => {
  expect(csv.client.includes(Buffer.from([0xf8]))).toBe(true); // 'ø'
  expect(csv.client.includes(Buffer.from('ø', 'utf8'))).toBe(false);
  expect(csv.treatment.subarray(0, 'ID;Spærretid'.length)).toEqual(Buffer.from([...Buffer.from('ID;Sp'), 0xe6, ...Buffer.from('rretid')]));
  expect(csv.booking.subarray(-2).toString()).toBe('\r\n');
  expect(iconv.decode(csv.booking, 'win1252').split('\r\n')).toHaveLength(sample.booking.length + 2);

  for (const kind of SAMPLE_KINDS) {
    const rows = csvRows(kind);
    expect(rows[0]).toEqual(sampleColumns(kind));
    expect(rows[0]).toEqual(IMPORT_COLUMNS[kind]);
    expect(rows).toHaveLength(sample[kind].length + 1);
  }
  const treatments = csvRows('treatment');
  expect(treatments.find((row) => row[2] === 'Parsamtale')).toEqual([expect.stringMatching(/^\d+$/), '15', 'Parsamtale', '1.250,00', '90']);
  const bookings = csvRows('booking');
  expect(bookings[1]![2]).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/);
  expect(bookings.some((row) => /^\d+,\d+$/.test(row[4]!))).toBe(true);
  expect(csvRows('invoice')[1]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d{1,3}(\.\d{3})*,\d\d$/), '1001', expect.stringMatching(/^\d\d-\d\d-\d{4}$/), expect.stringMatching(/^\d\d-\d\d-\d{4} \d\d:\d\d$/)]);
  // A product name with quotes is quoted, its quotes doubled; the reader gives it back whole.
  expect(iconv.decode(csv.invoiceLine, 'win1252')).toContain(';"Kinesiotape ""Classic"", 5 m"\r\n');
  expect(csvRows('invoiceLine').some((row) => row[5] === 'Kinesiotape "Classic", 5 m')).toBe(true);
  const odd = toCsv('treatment', [{ id: 1, name: 'Semi;kolon "og" \r\nlinjeskift', duration: 30, pause: 0, priceOre: -12_345_600 }]);
  expect(iconv.decode(odd, 'win1252')).toBe('ID;Spærretid;Navn;Pris;Tid\r\n1;0;"Semi;kolon ""og"" \r\nlinjeskift";-123.456,00;30\r\n');
});

it('writes xlsx that SheetJS reads back with the same header row and typed cells', () => {
  for (const kind of SAMPLE_KINDS) {
    const workbook = XLSX.read(xlsx[kind], { type: 'buffer', cellNF: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
    expect(rows[0]).toEqual(sampleColumns(kind));
    expect(rows).toHaveLength(sample[kind].length + 1);
  }
  const workbook = XLSX.read(xlsx.booking, { type: 'buffer', cellNF: true });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  const first = csvRows('booking')[1]!;
  const start = sheet.C2 as XLSX.CellObject;
  expect(start.t).toBe('n');
  // A date cell is the Copenhagen wall time; read without a time zone it is the CSV's text.
  const parts = (XLSX.SSF as { parse_date_code: (value: number) => { y: number; m: number; d: number; H: number; M: number } }).parse_date_code(start.v as number);
  const two = (value: number) => String(value).padStart(2, '0');
  expect(`${two(parts.d)}-${two(parts.m)}-${parts.y} ${two(parts.H)}:${two(parts.M)}`).toBe(first[2]);
  expect(start.z).toBe('dd-mm-yyyy hh:mm');
  expect((sheet.H2 as XLSX.CellObject).v).toBe(sample.booking[0]!.subtotalOre / 100);
  expect((sheet.A2 as XLSX.CellObject).v).toBe(sample.booking[0]!.clientId);

  const clients = XLSX.read(xlsx.client, { type: 'buffer' });
  const cpr = clients.Sheets[clients.SheetNames[0]!]!.C2 as XLSX.CellObject;
  expect([cpr.t, cpr.v]).toEqual(['s', sample.client[0]!.cpr]);
});

it("passes the importer's own mapping with only the CPR-less clients refused", () => {
  const files = {} as Record<ImportFileKind, SourceRow[]>;
  for (const kind of SAMPLE_KINDS) {
    const [header, ...rows] = csvRows(kind);
    files[kind] = rows.map((values, index) => ({ row: index + 2, cells: Object.fromEntries(header!.map((column, at) => [column, values[at] ?? ''])) }));
  }
  const { set, errors } = mapImport(files);
  const withoutCpr = sample.client.filter((client) => !client.cpr).length;
  expect(errors.every((error) => error.file === 'client' && /CPR/.test(error.message))).toBe(true);
  expect(errors).toHaveLength(withoutCpr);
  expect([set.clients.length, set.treatments.length, set.bookings.length, set.invoices.length, set.invoiceLines.length]).toEqual([
    sample.client.length - withoutCpr,
    sample.treatment.length,
    sample.booking.length,
    sample.invoice.length,
    sample.invoiceLine.length,
  ]);
  // The importer reads back the instants and amounts the records hold.
  expect(set.bookings.find((booking) => booking.row === 2)).toMatchObject({ from: sample.booking[0]!.from, to: sample.booking[0]!.to, subtotalOre: sample.booking[0]!.subtotalOre });
});
