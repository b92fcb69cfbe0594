/**
 * From the rows of the five export files (read.ts) to the records an import writes (spec 2 'Import
 * payload'): each row mapped by the spec's column names and checked alone (values.ts), then the set checked as a
 * whole (every booking's client and treatment, every invoice line's invoice, no two bookings at once, no ID twice).
 * A row that fails is left out with its file, row number and Danish reason for the report; the good rows go on.
 * Pure: nothing here reads or writes the database, so the whole of it is tested without one.
 *
 * Every record keeps the old system's ID (`sourceId`) so that running the same import again finds what the first
 * run wrote instead of writing it twice. Bookings have no ID column: theirs is the client's ID and the start.
 */
import { VAT_RATE_PERCENT, type InvoiceLine } from '@klinik/core';
import { parseAmountOre, parseCpr, parseEmail, parseLineVat, parseMinutes, parsePhone, parseText, parseTime, splitAddress, splitName, type Parsed } from './values.js';

export type ImportFileKind = 'client' | 'treatment' | 'booking' | 'invoiceLine' | 'invoice';
export const IMPORT_FILE_KINDS: readonly ImportFileKind[] = ['client', 'treatment', 'booking', 'invoiceLine', 'invoice'];

/** The spec's columns of each file (spec 2 'Import payload'), as the old system names them. */
export const IMPORT_COLUMNS: Readonly<Record<ImportFileKind, readonly string[]>> = {
  client: ['ID', 'Adresse', 'CPR', 'E-mail', 'Navn', 'Telefonnummer'],
  treatment: ['ID', 'Spærretid', 'Navn', 'Pris', 'Tid'],
  booking: ['Klient ID', 'Ydelse ID', 'Start', 'Slut', 'Fakturaer', 'Oprettet', 'Produktnavne', 'Subtotal'],
  invoiceLine: ['ID', 'Rabat', 'Fakturanummer', 'Pris', 'Moms', 'Tekst'],
  invoice: ['ID', 'Klient ID', 'Subtotal', 'Nummer', 'Dato', 'Oprettet'],
};

/** The Danish name of each file in the report. */
export const IMPORT_FILE_NAMES: Readonly<Record<ImportFileKind, string>> = {
  client: 'Klienter',
  treatment: 'Behandlinger',
  booking: 'Bookinger',
  invoiceLine: 'Fakturalinjer',
  invoice: 'Fakturaer',
};

export interface RowError {
  file: ImportFileKind;
  /** The row as the user sees it in the file (the header is row 1). */
  row: number;
  message: string;
}

export interface SourceRow {
  row: number;
  /** Cells by column name; the reading layer matched the headers to the spec's names, whatever their case. */
  cells: Record<string, string>;
}

export interface ImportedClient {
  sourceId: string;
  row: number;
  nameFirst: string;
  nameLast: string;
  cpr6: string;
  last4: string;
  email: string;
  phone: string;
  address: string;
  post: string;
  town: string;
}

export interface ImportedTreatment {
  sourceId: string;
  row: number;
  name: string;
  priceOre: number;
  /** Minutes. */
  duration: number;
  pause: number;
}

export interface ImportedBooking {
  /** `<client's source ID>@<start>`: bookings have no ID column. */
  sourceId: string;
  row: number;
  clientSourceId: string;
  treatmentSourceId: string | null;
  from: number;
  to: number;
  createdAt: number | null;
  invoiceSourceIds: string[];
  productNames: string;
  subtotalOre: number | null;
}

export interface ImportedInvoice {
  sourceId: string;
  row: number;
  clientSourceId: string;
  /** The old system's invoice number, kept as it was (never part of our own sequence). */
  number: string;
  date: number;
  createdAt: number | null;
  subtotalOre: number;
}

export interface ImportedInvoiceLine {
  sourceId: string;
  row: number;
  invoiceNumber: string;
  text: string;
  /** Pris and Rabat as the old system has them: VAT included. */
  priceOre: number;
  discountOre: number;
  /** The VAT included in Pris − Rabat (the Moms cell; 0 when empty). */
  vatOre: number;
  /** The Moms cell said 'Momsfri'. */
  vatExempt: boolean;
}

export interface ImportSet {
  clients: ImportedClient[];
  treatments: ImportedTreatment[];
  bookings: ImportedBooking[];
  invoices: ImportedInvoice[];
  invoiceLines: ImportedInvoiceLine[];
}

export const mappingTexts = {
  noId: 'ID mangler',
  noCpr: 'CPR mangler: en klient kan ikke oprettes uden',
  noName: 'Navn mangler',
  oneName: 'Navn skal have både fornavn og efternavn',
  duplicateId: (id: string, row: number) => `ID ${id} står også i række ${row}`,
  duplicateNumber: (number: string, row: number) => `Fakturanummer ${number} står også i række ${row}`,
  endBeforeStart: 'Slut ligger før Start',
  tooLong: 'Bookingen er længere end et døgn',
  unknownClient: (id: string) => `Klient ID ${id} findes ikke blandt de importerede klienter`,
  unknownTreatment: (id: string) => `Ydelse ID ${id} findes ikke blandt de importerede behandlinger`,
  unknownInvoice: (number: string) => `Fakturanummer ${number} findes ikke blandt de importerede fakturaer`,
  overlaps: (row: number) => `Bookingen overlapper bookingen i række ${row}`,
} as const;

type Row<T> = { value: T } | { error: string };

/** Collects the parsed values of one row, stopping at the first reason (one reason per row in the report). */
class RowReader {
  reason: string | null = null;
  constructor(private readonly cells: Record<string, string>) {}
  take<T>(parsed: (cells: Record<string, string>) => Parsed<T>): T {
    if (this.reason !== null) return undefined as T;
    const result = parsed(this.cells);
    if (!result.ok) {
      this.reason = result.reason;
      return undefined as T;
    }
    return result.value;
  }
  fail(reason: string): void {
    this.reason ??= reason;
  }
  done<T>(make: () => T): Row<T> {
    return this.reason === null ? { value: make() } : { error: this.reason };
  }
}

const id = (column: string) => (cells: Record<string, string>) => parseText(column, cells[column], { required: true, max: 64 });

export function mapClient({ cells }: SourceRow): Row<Omit<ImportedClient, 'row'>> {
  const r = new RowReader(cells);
  const sourceId = r.take(id('ID'));
  const name = r.take((c) => parseText('Navn', c.Navn, { required: true, max: 200 }));
  const cpr = r.take((c) => parseCpr(c.CPR));
  if (r.reason === null && cpr === null) r.fail(mappingTexts.noCpr);
  const email = r.take((c) => parseEmail(c['E-mail']));
  const phone = r.take((c) => parsePhone(c.Telefonnummer));
  const address = r.take((c) => parseText('Adresse', c.Adresse, { max: 300 }));
  if (r.reason === null && !splitName(name).nameLast) r.fail(mappingTexts.oneName);
  return r.done(() => ({ sourceId, ...splitName(name), cpr6: cpr!.cpr6, last4: cpr!.last4, email, phone, ...splitAddress(address) }));
}

export function mapTreatment({ cells }: SourceRow): Row<Omit<ImportedTreatment, 'row'>> {
  const r = new RowReader(cells);
  const sourceId = r.take(id('ID'));
  const name = r.take((c) => parseText('Navn', c.Navn, { required: true, max: 100 }));
  const priceOre = r.take((c) => parseAmountOre('Pris', c.Pris, { required: true }));
  const duration = r.take((c) => parseMinutes('Tid', c.Tid));
  const pause = r.take((c) => parseMinutes('Spærretid', c['Spærretid']));
  return r.done(() => ({ sourceId, name, priceOre: priceOre!, duration: duration ?? 60, pause: pause ?? 0 }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function mapBooking({ cells }: SourceRow): Row<Omit<ImportedBooking, 'row'>> {
  const r = new RowReader(cells);
  const clientSourceId = r.take(id('Klient ID'));
  const treatment = r.take((c) => parseText('Ydelse ID', c['Ydelse ID'], { max: 64 }));
  const from = r.take((c) => parseTime('Start', c.Start));
  const to = r.take((c) => parseTime('Slut', c.Slut));
  if (r.reason === null && from === null) r.fail('Start mangler');
  if (r.reason === null && to === null) r.fail('Slut mangler');
  if (r.reason === null && to! <= from!) r.fail(mappingTexts.endBeforeStart);
  if (r.reason === null && to! - from! > DAY_MS) r.fail(mappingTexts.tooLong);
  const createdAt = r.take((c) => parseTime('Oprettet', c.Oprettet));
  const invoices = r.take((c) => parseText('Fakturaer', c.Fakturaer, { max: 500 }));
  const productNames = r.take((c) => parseText('Produktnavne', c.Produktnavne, { max: 500 }));
  const subtotalOre = r.take((c) => parseAmountOre('Subtotal', c.Subtotal));
  return r.done(() => ({
    sourceId: `${clientSourceId}@${from}`,
    clientSourceId,
    treatmentSourceId: treatment || null,
    from: from!,
    to: to!,
    createdAt,
    invoiceSourceIds: invoices
      .split(/[,;\s]+/)
      .map((part) => part.trim())
      .filter(Boolean),
    productNames,
    subtotalOre,
  }));
}

export function mapInvoice({ cells }: SourceRow): Row<Omit<ImportedInvoice, 'row'>> {
  const r = new RowReader(cells);
  const sourceId = r.take(id('ID'));
  const clientSourceId = r.take(id('Klient ID'));
  const number = r.take((c) => parseText('Nummer', c.Nummer, { required: true, max: 64 }));
  const date = r.take((c) => parseTime('Dato', c.Dato, { dateOnly: true }));
  if (r.reason === null && date === null) r.fail('Dato mangler');
  const createdAt = r.take((c) => parseTime('Oprettet', c.Oprettet));
  const subtotalOre = r.take((c) => parseAmountOre('Subtotal', c.Subtotal, { required: true }));
  return r.done(() => ({ sourceId, clientSourceId, number, date: date!, createdAt, subtotalOre: subtotalOre! }));
}

export function mapInvoiceLine({ cells }: SourceRow): Row<Omit<ImportedInvoiceLine, 'row'>> {
  const r = new RowReader(cells);
  const sourceId = r.take(id('ID'));
  const invoiceNumber = r.take((c) => parseText('Fakturanummer', c.Fakturanummer, { required: true, max: 64 }));
  const text = r.take((c) => parseText('Tekst', c.Tekst, { max: 500 }));
  const priceOre = r.take((c) => parseAmountOre('Pris', c.Pris, { required: true }));
  const discountOre = r.take((c) => parseAmountOre('Rabat', c.Rabat));
  const vat = r.take((c) => parseLineVat('Moms', c.Moms, priceOre! - (discountOre ?? 0)));
  return r.done(() => ({ sourceId, invoiceNumber, text, priceOre: priceOre!, discountOre: discountOre ?? 0, vatOre: vat.vatOre, vatExempt: vat.vatExempt }));
}

/**
 * An invoice's imported lines as the lines its snapshot prints, each with its own VAT. Old systems write
 * Pris either with VAT included (the samples' contract: the invoice's Subtotal is the sum of Pris − Rabat) or without
 * (Subtotal is the sum of Pris − Rabat + Moms); the invoice's own Subtotal tells which, and with VAT included is
 * assumed when neither adds up. Ours are without VAT: a line's net and total are exact either way, and a line with VAT
 * included has its price and discount split in the same proportion (the rounding moves between those two only). A
 * line with Moms is 25 % (the one Danish rate); without, it is exempt when the cell said so, else simply without VAT
 * (the old system's reason is not known, so no exemption text is claimed for it).
 */
export function importedInvoiceLines(lines: readonly Omit<ImportedInvoiceLine, 'row' | 'sourceId' | 'invoiceNumber'>[], subtotalOre: number | null = null): InvoiceLine[] {
  const after = lines.reduce((sum, line) => sum + line.priceOre - line.discountOre, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatOre, 0);
  const withoutVat = subtotalOre !== null && after !== subtotalOre && after + vat === subtotalOre;
  return lines.map((line) => {
    const total = line.priceOre - line.discountOre + (withoutVat ? line.vatOre : 0);
    const net = total - line.vatOre;
    const price = withoutVat || line.vatOre === 0 ? line.priceOre - (withoutVat ? 0 : line.vatOre) : Math.round((line.priceOre * net) / total);
    return {
      name: line.text || 'Faktura',
      treatmentId: null,
      duration: null,
      priceOre: price,
      discountOre: price - net,
      netOre: net,
      vatExempt: line.vatExempt,
      vatPercent: line.vatOre === 0 ? 0 : VAT_RATE_PERCENT,
      vatOre: line.vatOre,
      totalOre: total,
    };
  });
}

/** Maps one file's rows: the good ones as records, the others as errors; an ID seen before is an error too. */
function mapFile<T extends { sourceId: string }>(file: ImportFileKind, rows: Iterable<SourceRow>, map: (row: SourceRow) => Row<T>, errors: RowError[]): (T & { row: number })[] {
  const seen = new Map<string, number>();
  const records: (T & { row: number })[] = [];
  for (const source of rows) {
    const mapped = map(source);
    if ('error' in mapped) {
      errors.push({ file, row: source.row, message: mapped.error });
      continue;
    }
    const earlier = seen.get(mapped.value.sourceId);
    if (earlier !== undefined) {
      errors.push({ file, row: source.row, message: file === 'booking' ? mappingTexts.overlaps(earlier) : mappingTexts.duplicateId(mapped.value.sourceId, earlier) });
      continue;
    }
    seen.set(mapped.value.sourceId, source.row);
    records.push({ ...mapped.value, row: source.row });
  }
  return records;
}

/**
 * The whole set: every file mapped, then what refers to another file checked against what of it was accepted
 * (a booking of a client whose row was refused is refused too, saying which ID), and bookings that would be at the
 * same time as an earlier row's refused (one therapist's calendar never holds two at once).
 */
export function mapImport(files: Readonly<Record<ImportFileKind, Iterable<SourceRow>>>): { set: ImportSet; errors: RowError[] } {
  const errors: RowError[] = [];
  const clients = mapFile('client', files.client, mapClient, errors);
  const treatments = mapFile('treatment', files.treatment, mapTreatment, errors);
  const invoicesMapped = mapFile('invoice', files.invoice, mapInvoice, errors);
  const linesMapped = mapFile('invoiceLine', files.invoiceLine, mapInvoiceLine, errors);
  const bookingsMapped = mapFile('booking', files.booking, mapBooking, errors);

  const clientIds = new Set(clients.map((client) => client.sourceId));
  const treatmentIds = new Set(treatments.map((treatment) => treatment.sourceId));

  const numbers = new Map<string, number>();
  const invoices = invoicesMapped.filter((invoice) => {
    const refuse = (message: string) => (errors.push({ file: 'invoice', row: invoice.row, message }), false);
    if (!clientIds.has(invoice.clientSourceId)) return refuse(mappingTexts.unknownClient(invoice.clientSourceId));
    const earlier = numbers.get(invoice.number);
    if (earlier !== undefined) return refuse(mappingTexts.duplicateNumber(invoice.number, earlier));
    numbers.set(invoice.number, invoice.row);
    return true;
  });
  const invoiceLines = linesMapped.filter((line) => numbers.has(line.invoiceNumber) || (errors.push({ file: 'invoiceLine', row: line.row, message: mappingTexts.unknownInvoice(line.invoiceNumber) }), false));

  const known = bookingsMapped.filter((booking) => {
    const refuse = (message: string) => (errors.push({ file: 'booking', row: booking.row, message }), false);
    if (!clientIds.has(booking.clientSourceId)) return refuse(mappingTexts.unknownClient(booking.clientSourceId));
    if (booking.treatmentSourceId !== null && !treatmentIds.has(booking.treatmentSourceId)) return refuse(mappingTexts.unknownTreatment(booking.treatmentSourceId));
    return true;
  });
  // No two at once: in time order, a booking that starts before the latest end so far overlaps that one.
  const bookings: ImportedBooking[] = [];
  let latest: ImportedBooking | null = null;
  for (const booking of [...known].sort((a, b) => a.from - b.from || a.row - b.row)) {
    if (latest && booking.from < latest.to) {
      errors.push({ file: 'booking', row: booking.row, message: mappingTexts.overlaps(latest.row) });
      continue;
    }
    bookings.push(booking);
    if (!latest || booking.to > latest.to) latest = booking;
  }
  bookings.sort((a, b) => a.row - b.row);

  errors.sort((a, b) => IMPORT_FILE_KINDS.indexOf(a.file) - IMPORT_FILE_KINDS.indexOf(b.file) || a.row - b.row);
  return { set: { clients, treatments, bookings, invoices, invoiceLines }, errors };
}
