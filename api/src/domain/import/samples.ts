/**
 * Sample export files of a clinic's old system: what a Danish clinic system hands a clinic that leaves
 * it, so the importer is built and tested against realistic files, and `npm run seed` can fill the demo clinic from
 * the same records. `generateSampleExport` is pure and deterministic (its own seeded PRNG, never Math.random, and
 * the caller's `now`): the same options give the same records and, through `toCsv`/`toXlsx`, byte-identical
 * files. The records hold our units (øre, epoch ms, minutes); the writers turn them into the old system's text.
 *
 * The files' contract (the importer reads exactly this; spec 2 'Import payload' names the columns):
 *
 * - CSV: Windows-1252 (what Danish Excel writes and opens), ';' between cells, CRLF after every row including the
 *   last, a header row with the spec's column names in the spec's order, a cell quoted ("…", inner '"' doubled) only
 *   when it holds ';', '"' or a line break (a product name with quotes does). An empty cell is empty.
 * - Integers (IDs, Nummer, Fakturanummer, Tid, Spærretid): plain digits, '48213'. IDs are the old system's, shared
 *   with its other clinics, so they climb with gaps: clients from 48213, treatments from 1207, invoices from
 *   310457, invoice lines from 722301. No file has a booking ID.
 * - Amounts (Pris, Subtotal, Rabat, Moms): kroner incl. moms in Danish form, '.' grouping thousands and two
 *   decimals after ',': '450,00', '1.250,00', '0,00'.
 * - Times (Start, Slut, Oprettet): Copenhagen wall time 'DD-MM-YYYY HH:MM'. Dates (Dato): 'DD-MM-YYYY'.
 * - xlsx: one sheet per file with the same header row and typed cells, as a spreadsheet program keeps them:
 *   integers and amounts are number cells (amounts formatted '#,##0.00'; SheetJS's formatted text of them is
 *   US-style '1,250.00', so read the raw number), times and dates are Excel date serials of the Copenhagen wall
 *   time formatted 'dd-mm-yyyy hh:mm' / 'dd-mm-yyyy' (read them with the zone-free `SSF.parse_date_code`, not as a
 *   JS Date, which SheetJS builds in the machine's zone), and text (CPR, phone, Fakturaer, names) is text cells.
 *   An empty value has no cell.
 *
 * Clients (`klienter`): ID, Adresse, CPR, E-mail, Navn, Telefonnummer.
 * - Navn 'Fornavn Efternavn', some with a second given name or a middle name ('Anne Sofie Nielsen', 'Mette Skov
 *   Jensen'); the last word is always the surname. Danish letters throughout ('Søren Bæk Østergaard').
 * - Adresse 'Vej 12, 2100 København Ø', for flats 'Nørrebrogade 12B, 3. tv, 2200 København N': the post code and
 *   town always follow the last comma. About 1.5 % empty.
 * - CPR 'DDMMYY-XXXX' with a real birth date (16 to 88 years before `now`), the seventh digit the right century
 *   and the last digit odd for men, even for women (as the CPR office issues them; modulus 11 is not kept, since
 *   2007 it need not be). About 2.5 % of clients have none; those clients have no bookings or invoices, so an
 *   importer that requires CPR (ours does) refuses exactly those client rows and nothing that depends on them.
 * - E-mail lowercase, unique, under the reserved example.com/.net/.org domains so a sample import can never mail
 *   a real person; about 8 % empty.
 * - Telefonnummer eight digits from Danish mobile ranges, written '20123456', '20 12 34 56', '+45 20123456' or
 *   '+45 20 12 34 56'; about 1 % empty.
 *
 * Treatments (`behandlinger`): ID, Spærretid, Navn, Pris, Tid. Spærretid is the pause after a booking in minutes
 * (0, 5, 10, 15), Tid the duration in minutes (30, 45, 60, 90), Pris the price ('450,00'). Names are unique.
 *
 * Bookings (`bookinger`): Klient ID, Ydelse ID, Start, Slut, Fakturaer, Oprettet, Produktnavne, Subtotal, ordered
 * by Start. One therapist's calendar: Monday to Friday between 08:00 and 18:00 Copenhagen time, never two at once
 * (a booking starts no earlier than the previous one's Slut plus its treatment's Spærretid), Slut = Start + Tid.
 * The next two weeks are booked like a real calendar (fuller the nearer) — at most a fifth of all bookings — and the
 * rest lie in the past, on ordinary working days with lunch breaks, holidays over Christmas and the odd day off.
 * One therapist fits some 10 bookings in a day, so the history reaches back as far as the count needs: for the
 * default 20,000 bookings about eight years, not four (20,000 in four years would be 19 a day, back to back). Oprettet lies before Start (and never after `now`). Fakturaer lists the booking's invoice IDs
 * ascending, comma-separated without spaces ('310457' or '310457,310458'), empty when not invoiced; Produktnavne
 * is the treatment's name and Subtotal its price. Every Klient ID and Ydelse ID exists in the other files.
 *
 * Invoices (`fakturaer`): ID, Klient ID, Subtotal, Nummer, Dato, Oprettet, ordered by Oprettet. Only bookings that
 * have ended are invoiced. Nummer is the old system's one running sequence from 1001 without gaps, in the order
 * the invoices were made; Dato is the day of Oprettet. Most invoices are one booking's; some add a product sold at
 * the visit (a second line), some bookings have their product on an invoice of its own (so two IDs in Fakturaer),
 * and some invoices collect two to four bookings of one client ('samlet opgørelse', one line each).
 * Subtotal = the sum over its lines of Pris − Rabat.
 *
 * Invoice lines (`fakturalinjer`): ID, Rabat, Fakturanummer, Pris, Moms, Tekst, grouped by invoice. Fakturanummer
 * is the invoice's Nummer (not its ID). Pris is the line's price before Rabat, Rabat a discount in kroner (mostly
 * '0,00'). Tekst is the treatment's name, or a product's. Moms is the VAT in kroner included in Pris − Rabat:
 * '0,00' for treatments (health treatments are exempt), a fifth of it for products (25 % on the price without VAT).
 */
import iconv from 'iconv-lite';
import * as XLSX from '@e965/xlsx';
import { copenhagenDateKey, copenhagenWallTime, formatCopenhagenTime, formatDanishDate, startOfCopenhagenDay } from '@klinik/core';
import type { ImportSet } from './mapping.js';

export type SampleKind = 'client' | 'treatment' | 'booking' | 'invoiceLine' | 'invoice';
export const SAMPLE_KINDS: readonly SampleKind[] = ['client', 'treatment', 'booking', 'invoiceLine', 'invoice'];

/** The files' names without extension, as the old system names its exports. */
export const SAMPLE_FILE_NAMES: Readonly<Record<SampleKind, string>> = {
  client: 'klienter',
  treatment: 'behandlinger',
  booking: 'bookinger',
  invoiceLine: 'fakturalinjer',
  invoice: 'fakturaer',
};

export interface SampleClient {
  id: number;
  /** Given name(s) and any middle name: everything in Navn before the surname. */
  nameFirst: string;
  nameLast: string;
  /** 'DDMMYY-XXXX', or '' for a client registered without one. */
  cpr: string;
  /** Street, number and any floor and door ('Nørrebrogade 12B, 3. tv'); '' with post and town when unknown. */
  address: string;
  post: string;
  town: string;
  email: string;
  /** As the clinic typed it (with or without '+45 ' and spaces); ''. */
  phone: string;
}

export interface SampleTreatment {
  id: number;
  name: string;
  /** Minutes. */
  duration: number;
  /** Minutes kept free after the booking. */
  pause: number;
  priceOre: number;
}

export interface SampleBooking {
  clientId: number;
  treatmentId: number;
  from: number;
  to: number;
  createdAt: number;
  /** Ascending; empty when the booking was not invoiced. */
  invoiceIds: number[];
  productNames: string;
  subtotalOre: number;
}

export interface SampleInvoice {
  id: number;
  clientId: number;
  number: number;
  /** Copenhagen midnight of the invoice date. */
  date: number;
  createdAt: number;
  subtotalOre: number;
}

export interface SampleInvoiceLine {
  id: number;
  invoiceId: number;
  invoiceNumber: number;
  text: string;
  /** Before the discount, incl. VAT. */
  priceOre: number;
  discountOre: number;
  /** The VAT included in priceOre − discountOre. */
  vatOre: number;
}

export interface SampleRecords {
  client: SampleClient;
  treatment: SampleTreatment;
  booking: SampleBooking;
  invoiceLine: SampleInvoiceLine;
  invoice: SampleInvoice;
}

/** Every file's records, keyed like the import payload's files. */
export type SampleExport = { [K in SampleKind]: SampleRecords[K][] };

export interface SampleOptions {
  seed?: number;
  clients?: number;
  treatments?: number;
  bookings?: number;
  invoices?: number;
  /** The moment the export is made: bookings before it are history, after it the calendar ahead. */
  now: number;
}

export const SAMPLE_DEFAULTS = { seed: 1, clients: 1_000, treatments: 30, bookings: 20_000, invoices: 5_000 } as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const OPENS = 8 * 60;
const CLOSES = 18 * 60;
/** How far ahead the calendar is booked, and the most of all bookings that may lie there. */
const AHEAD_DAYS = 14;
const AHEAD_SHARE = 0.2;

// ---------------------------------------------------------------------------------------------------------------
// Randomness: mulberry32, one independent stream per part, so that asking for more invoices does not change the
// clients. Small and fast; statistical quality far beyond what sample data needs.

class Random {
  private state: number;

  constructor(seed: number, stream: number) {
    this.state = (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  }

  /** [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  digits(count: number): string {
    let text = '';
    for (let index = 0; index < count; index++) text += String(this.int(0, 9));
    return text;
  }
}

/** Draws items in proportion to their weights (binary search over the running sums). */
function weighted<T>(items: readonly T[], weightOf: (item: T) => number): (random: Random) => T {
  const sums: number[] = [];
  let total = 0;
  for (const item of items) sums.push((total += weightOf(item)));
  if (!(total > 0)) throw new RangeError('Nothing to draw from');
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sums[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return items[low]!;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Danish material. The lists lean on Danmarks Statistik's most common names; weights make the common ones common.

const FEMALE = ['Anne', 'Mette', 'Kirsten', 'Hanne', 'Helle', 'Susanne', 'Lene', 'Marianne', 'Camilla', 'Louise', 'Charlotte', 'Pia', 'Tina', 'Maria', 'Julie', 'Emma', 'Ida', 'Freja', 'Sofie', 'Clara', 'Laura', 'Karen', 'Inge', 'Birgitte', 'Lærke', 'Signe', 'Rikke', 'Maja', 'Line', 'Nanna', 'Tove', 'Ulla', 'Bente', 'Jytte', 'Åse', 'Astrid', 'Ellen', 'Agnete', 'Malene', 'Trine', 'Stine', 'Katrine', 'Cecilie', 'Josefine', 'Mathilde', 'Karoline', 'Frida', 'Asta', 'Gry', 'Dorthe', 'Lotte', 'Else', 'Grethe', 'Bodil', 'Sørine'];
const MALE = ['Peter', 'Jens', 'Lars', 'Michael', 'Henrik', 'Thomas', 'Søren', 'Jan', 'Niels', 'Christian', 'Martin', 'Anders', 'Morten', 'Jesper', 'Mads', 'Rasmus', 'Jørgen', 'Hans', 'Per', 'Ole', 'Kim', 'Bjørn', 'Frederik', 'Mikkel', 'Kasper', 'Jonas', 'Mathias', 'Emil', 'Oliver', 'William', 'Lucas', 'Magnus', 'Tobias', 'Kristian', 'Brian', 'Torben', 'Poul', 'Erik', 'Finn', 'Bent', 'Flemming', 'Kåre', 'Steffen', 'Jakob', 'Esben', 'Asger', 'Troels', 'Ebbe'];
const MIDDLE = ['Høj', 'Skov', 'Juul', 'Krogh', 'Bach', 'Lund', 'Dam', 'Holm', 'Kjær', 'Bøgh', 'Munk', 'Vestergaard', 'Østergaard', 'Gram', 'Lykke', 'Brink', 'Kirk', 'Bæk'];
const SURNAMES = ['Nielsen', 'Jensen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen', 'Poulsen', 'Johansen', 'Møller', 'Mortensen', 'Knudsen', 'Jakobsen', 'Mikkelsen', 'Olesen', 'Frederiksen', 'Laursen', 'Henriksen', 'Lund', 'Schmidt', 'Eriksen', 'Holm', 'Kristiansen', 'Clausen', 'Simonsen', 'Svendsen', 'Andreasen', 'Iversen', 'Jeppesen', 'Mogensen', 'Nørgaard', 'Bæk', 'Østergaard', 'Damgaard', 'Kjærgaard', 'Søndergaard', 'Bach', 'Dahl', 'Lauridsen', 'Koch', 'Vinther', 'Friis', 'Lindberg', 'Bruun', 'Skovgaard', 'Ødegaard'];

/** Post code, town, real streets of it, how many of the clinic's clients live there, and whether mostly flats. */
const AREAS: readonly { post: string; town: string; streets: readonly string[]; weight: number; flats: boolean }[] = [
  { post: '2100', town: 'København Ø', streets: ['Østerbrogade', 'Classensgade', 'Nordre Frihavnsgade', 'Strandboulevarden', 'Rosenvængets Allé', 'Øster Allé', 'Willemoesgade'], weight: 14, flats: true },
  { post: '2200', town: 'København N', streets: ['Nørrebrogade', 'Jagtvej', 'Blågårdsgade', 'Guldbergsgade', 'Fælledvej', 'Stefansgade', 'Ågade'], weight: 12, flats: true },
  { post: '2300', town: 'København S', streets: ['Amagerbrogade', 'Holmbladsgade', 'Øresundsvej', 'Englandsvej', 'Lergravsvej'], weight: 9, flats: true },
  { post: '1620', town: 'København V', streets: ['Vesterbrogade', 'Valdemarsgade', 'Saxogade', 'Oehlenschlægersgade'], weight: 6, flats: true },
  { post: '2000', town: 'Frederiksberg', streets: ['Falkoner Allé', 'Godthåbsvej', 'Rolighedsvej', 'Nyelandsvej', 'Peter Bangs Vej', 'Søndre Fasanvej'], weight: 10, flats: true },
  { post: '2400', town: 'København NV', streets: ['Frederikssundsvej', 'Tagensvej', 'Bispebjerg Bakke', 'Rentemestervej'], weight: 6, flats: true },
  { post: '2500', town: 'Valby', streets: ['Valby Langgade', 'Gammel Køge Landevej', 'Toftegårds Allé', 'Vigerslev Allé'], weight: 6, flats: true },
  { post: '2720', town: 'Vanløse', streets: ['Jernbane Allé', 'Ålekistevej', 'Vanløse Allé', 'Hyltebjerg Allé'], weight: 4, flats: false },
  { post: '2700', town: 'Brønshøj', streets: ['Frederikssundsvej', 'Krabbesholmvej', 'Brønshøjvej', 'Tingbjerg Allé'], weight: 3, flats: false },
  { post: '2800', town: 'Kongens Lyngby', streets: ['Lyngby Hovedgade', 'Jernbanevej', 'Sorgenfrivej', 'Kongevejen'], weight: 4, flats: false },
  { post: '2900', town: 'Hellerup', streets: ['Strandvejen', 'Hellerupvej', 'Ryvangs Allé', 'Callisensvej'], weight: 4, flats: false },
  { post: '2820', town: 'Gentofte', streets: ['Gentoftegade', 'Bernstorffsvej', 'Vangedevej'], weight: 3, flats: false },
  { post: '2860', town: 'Søborg', streets: ['Søborg Hovedgade', 'Gladsaxevej', 'Maglegårds Allé'], weight: 3, flats: false },
  { post: '2650', town: 'Hvidovre', streets: ['Hvidovrevej', 'Hvidovre Strandvej', 'Sønderkærvej'], weight: 3, flats: false },
  { post: '2610', town: 'Rødovre', streets: ['Rødovrevej', 'Tårnvej', 'Islevbrovej'], weight: 2, flats: false },
  { post: '2770', town: 'Kastrup', streets: ['Kastrupvej', 'Amager Landevej', 'Saltværksvej'], weight: 2, flats: false },
  { post: '2730', town: 'Herlev', streets: ['Herlev Hovedgade', 'Herlev Bygade', 'Ringager'], weight: 2, flats: false },
  { post: '2630', town: 'Taastrup', streets: ['Taastrup Hovedgade', 'Køgevej', 'Parkvej'], weight: 1, flats: false },
  { post: '4000', town: 'Roskilde', streets: ['Algade', 'Skomagergade', 'Frederiksborgvej', 'Københavnsvej'], weight: 1, flats: false },
  { post: '3400', town: 'Hillerød', streets: ['Slotsgade', 'Helsingørsgade', 'Frederiksværksgade'], weight: 1, flats: false },
  { post: '8000', town: 'Aarhus C', streets: ['Søndergade', 'Åboulevarden', 'Frederiksgade'], weight: 1, flats: true },
];

const MOBILE_PREFIXES = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '30', '31', '40', '41', '42', '50', '51', '52', '53', '60', '61', '71', '81', '91', '93'];
/** Reserved for documentation (RFC 2606): a sample import can never mail a real person. */
const EMAIL_DOMAINS = ['example.com', 'example.com', 'example.net', 'example.org', 'mail.example.com', 'post.example.net'];

/** A clinic's price list: name, Tid, Spærretid, Pris in kroner, and how often it is booked. */
const TREATMENTS: readonly [name: string, duration: number, pause: number, kroner: number, weight: number][] = [
  ['Førstegangskonsultation', 60, 15, 650, 4],
  ['Behandling, opfølgende 30 min', 30, 5, 395, 16],
  ['Behandling 45 min', 45, 5, 495, 10],
  ['Behandling 60 min', 60, 10, 595, 6],
  ['Akupunktur', 45, 10, 475, 6],
  ['Øreakupunktur', 30, 5, 250, 3],
  ['Zoneterapi', 60, 10, 450, 5],
  ['Zoneterapi, kort', 30, 5, 300, 3],
  ['Massage 30 min', 30, 5, 350, 8],
  ['Massage 60 min', 60, 10, 550, 5],
  ['Massage 90 min', 90, 15, 795, 1],
  ['Sportsmassage', 45, 10, 500, 4],
  ['Lymfedrænage', 60, 10, 595, 2],
  ['Kranio-sakral terapi', 60, 10, 600, 2],
  ['Genoptræning', 45, 5, 450, 5],
  ['Kiropraktisk justering', 30, 0, 375, 6],
  ['Dry needling', 30, 5, 425, 3],
  ['Kinesiotapening', 30, 0, 200, 2],
  ['Graviditetsmassage', 60, 10, 575, 2],
  ['Babymassage', 45, 15, 400, 1],
  ['Psykoterapeutisk samtale', 60, 15, 850, 3],
  ['Parsamtale', 90, 15, 1250, 1],
  ['Kostvejledning', 45, 10, 650, 1],
  ['Hovedpinebehandling', 45, 5, 525, 2],
  ['Skulderbehandling', 45, 5, 525, 2],
  ['Rygbehandling', 45, 5, 525, 3],
  ['Fodbehandling', 45, 10, 425, 2],
  ['Ansigtszoneterapi', 60, 10, 495, 1],
  ['Triggerpunktsbehandling', 30, 5, 375, 2],
  ['Årligt helbredstjek', 90, 15, 1450, 1],
  ['Cupping', 30, 5, 300, 1],
  ['Stressbehandling', 60, 10, 650, 1],
  ['Kæbebehandling', 45, 5, 525, 1],
  ['Online konsultation', 30, 0, 350, 1],
  ['Hjemmebesøg', 90, 15, 1100, 1],
  ['Mindfulness, session', 60, 10, 500, 1],
];

/** Products sold at the visit (25 % moms included in the price); one name has quotes, as real product names do. */
const PRODUCTS: readonly [name: string, kroner: number, weight: number][] = [
  ['Massageolie, lavendel 100 ml', 129, 5],
  ['Kinesiotape "Classic", 5 m', 89, 5],
  ['Varmepude med kirsebærsten', 249, 2],
  ['Øvelseselastik, medium', 79, 4],
  ['Magnesiumolie 200 ml', 149, 3],
  ['Akupressurmåtte', 399, 1],
  ['Nakkepude', 449, 1],
  ['Fodindlæg, individuelt tilpasset', 1195, 1],
];

// ---------------------------------------------------------------------------------------------------------------
// Records.

function checkCount(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0, not ${value}`);
  return value;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The seventh CPR digit for a birth year: which digits the CPR office uses for that century (CPR-loven's table). */
function centuryDigit(random: Random, year: number): number {
  if (year < 1937) return random.int(0, 3);
  if (year < 2000) return random.pick([0, 1, 2, 3, 4, 9]);
  return random.pick([4, 9, 5, 6, 7, 8]);
}

/** 'ø' → 'oe' and so on: the letters an e-mail address is written with. */
function asciiLocal(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .replace(/[^a-z0-9]+/g, '');
}

function makeClients(random: Random, count: number, now: number): SampleClient[] {
  const [nowYear, nowMonth, nowDay] = copenhagenDateKey(now).split('-').map(Number) as [number, number, number];
  const surname = weighted(SURNAMES, (name) => 1 / (SURNAMES.indexOf(name) + 4));
  const area = weighted(AREAS, (candidate) => candidate.weight);
  const cprs = new Set<string>();
  const emails = new Set<string>();
  const clients: SampleClient[] = [];
  let id = 48213;
  for (let index = 0; index < count; index++) {
    if (index > 0) id += random.chance(0.8) ? 1 : random.int(2, 40);
    const female = random.chance(0.64);
    const names = female ? FEMALE : MALE;
    const given = random.pick(names);
    const second = random.chance(0.1) ? random.pick(names.filter((name) => name !== given)) : '';
    const middle = random.chance(0.16) ? random.pick(MIDDLE) : '';
    const nameLast = surname(random);
    const nameFirst = [given, second, middle].filter(Boolean).join(' ');

    // Ages 16 to 88, most between 30 and 65: the people who see a therapist.
    const age = 16 + Math.floor(((random.next() + random.next() + random.next()) / 3) * 73);
    const born = new Date(Date.UTC(nowYear - age, nowMonth - 1, nowDay) - random.int(0, 364) * DAY_MS);
    const [year, month, day] = [born.getUTCFullYear(), born.getUTCMonth() + 1, born.getUTCDate()];
    let cpr = '';
    // The first client always has a CPR number, so that a sample with one client can still have bookings.
    if (index === 0 || random.chance(0.975)) {
      do {
        const sex = female ? random.pick([0, 2, 4, 6, 8]) : random.pick([1, 3, 5, 7, 9]);
        cpr = `${pad(day)}${pad(month)}${pad(year % 100)}-${centuryDigit(random, year)}${random.digits(2)}${sex}`;
      } while (cprs.has(cpr));
      cprs.add(cpr);
    }

    let address = '';
    let post = '';
    let town = '';
    if (random.chance(0.985)) {
      const where = area(random);
      const letter = random.chance(0.06) ? random.pick(['A', 'B', 'C']) : '';
      const flat = random.chance(where.flats ? 0.7 : 0.15) ? `, ${random.pick(['st.', '1.', '1.', '2.', '2.', '3.', '3.', '4.', '5.'])} ${random.pick(['tv', 'th', 'tv', 'th', 'mf'])}` : '';
      address = `${random.pick(where.streets)} ${random.int(1, 160)}${letter}${flat}`;
      ({ post, town } = where);
    }

    let email = '';
    if (random.chance(0.92)) {
      const first = asciiLocal(given);
      const last = asciiLocal(nameLast);
      const local = random.pick([`${first}.${last}`, `${first}${last}`, `${first}${pad(year % 100)}`, `${first.slice(0, 1)}${last}`, `${first}.${asciiLocal(middle || second || nameLast)}`, `${first}_${last}${random.int(1, 99)}`]);
      const domain = random.pick(EMAIL_DOMAINS);
      email = `${local}@${domain}`;
      for (let extra = 2; emails.has(email); extra++) email = `${local}${extra}@${domain}`;
      emails.add(email);
    }

    let phone = '';
    if (random.chance(0.99)) {
      const digits = `${random.pick(MOBILE_PREFIXES)}${random.digits(6)}`;
      const spaced = digits.replace(/(\d\d)(?=\d)/g, '$1 ');
      phone = random.pick([digits, digits, digits, spaced, spaced, `+45 ${digits}`, `+45 ${spaced}`]);
    }

    clients.push({ id, nameFirst, nameLast, cpr, address, post, town, email, phone });
  }
  return clients;
}

function makeTreatments(random: Random, count: number): { treatments: SampleTreatment[]; popularity: Map<number, number> } {
  const treatments: SampleTreatment[] = [];
  const popularity = new Map<number, number>();
  let id = 1207;
  for (let index = 0; index < count; index++) {
    if (index > 0) id += random.chance(0.75) ? 1 : random.int(2, 15);
    // Beyond the price list, a variant of it: the same treatment as another clinic's room or team names it.
    const [name, duration, pause, kroner, weight] = TREATMENTS[index % TREATMENTS.length]!;
    const round = Math.floor(index / TREATMENTS.length);
    treatments.push({ id, name: round === 0 ? name : `${name} (${round + 1})`, duration, pause, priceOre: kroner * 100 });
    popularity.set(id, weight);
  }
  return { treatments, popularity };
}

interface Slot {
  treatment: SampleTreatment;
  /** Minutes after midnight. */
  start: number;
}

/**
 * One working day of the therapist: from 08:00 (or a little later) treatments one after the other, each followed
 * by its pause, with the gaps a real calendar has (`fill` is the chance a free moment gets booked) and a lunch break.
 */
function planDay(random: Random, treatment: (random: Random) => SampleTreatment, fill: number): Slot[] {
  const slots: Slot[] = [];
  let cursor = OPENS + random.pick([0, 0, 0, 0, 15, 30, 60]);
  let lunch = false;
  for (let attempt = 0; attempt < 60 && cursor + 30 <= CLOSES; attempt++) {
    if (!lunch && cursor >= 11 * 60 + 30) {
      lunch = true;
      if (random.chance(0.85)) {
        cursor += 30;
        continue;
      }
    }
    const chosen = treatment(random);
    if (cursor + chosen.duration > CLOSES) continue;
    if (random.chance(fill)) {
      slots.push({ treatment: chosen, start: cursor });
      cursor += chosen.duration + chosen.pause;
    } else {
      cursor += random.pick([10, 15, 15, 30]);
    }
  }
  return slots;
}

interface CalendarDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

function calendarDay(utcMidnight: number): CalendarDay {
  const date = new Date(utcMidnight);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: date.getUTCDay() };
}

/** Christmas to New Year the clinic is closed. */
function isHoliday({ month, day }: CalendarDay): boolean {
  return (month === 12 && day >= 24) || (month === 1 && day === 1);
}

/** The day's slots as instants (DST changes at night, so 08:00–18:00 has one UTC offset and minutes add up). */
function placeDay(day: CalendarDay, slots: Slot[]): { treatment: SampleTreatment; from: number; to: number }[] {
  const opens = copenhagenWallTime(day.year, day.month, day.day, 8, 0);
  return slots.map(({ treatment, start }) => {
    const from = opens + (start - OPENS) * MINUTE_MS;
    return { treatment, from, to: from + treatment.duration * MINUTE_MS };
  });
}

function makeBookings(random: Random, count: number, now: number, clients: SampleClient[], treatments: SampleTreatment[], popularity: Map<number, number>): SampleBooking[] {
  if (count === 0) return [];
  if (treatments.length === 0) throw new RangeError('Bookings need at least one treatment');
  const treatment = weighted(treatments, (candidate) => popularity.get(candidate.id) ?? 1);
  // Some clients come every other week for years, most a few times; some registered and never came. Clients
  // without a CPR number never book (see the module comment).
  const bookers = clients.map((client, index) => ({ client, weight: client.cpr && (index === 0 || random.chance(0.97)) ? Math.min((-Math.log(1 - random.next())) ** 2, 9) + 0.05 : 0 }));
  if (!bookers.some((booker) => booker.weight > 0)) throw new RangeError('Bookings need at least one client');
  const booker = weighted(
    bookers.filter((candidate) => candidate.weight > 0),
    (candidate) => candidate.weight,
  );

  const [year, month, day] = copenhagenDateKey(now).split('-').map(Number) as [number, number, number];
  const today = Date.UTC(year, month - 1, day);
  const aheadUntil = now + AHEAD_DAYS * DAY_MS;
  const placed: { treatment: SampleTreatment; from: number; to: number }[] = [];

  // Ahead: today after `now` and the next two weeks, fuller the nearer.
  let todaysSlots: ReturnType<typeof placeDay> = [];
  const ahead: typeof placed = [];
  for (let offset = 0; today + offset * DAY_MS < aheadUntil; offset++) {
    const date = calendarDay(today + offset * DAY_MS);
    if (date.weekday === 0 || date.weekday === 6 || isHoliday(date)) continue;
    const slots = placeDay(date, planDay(random, treatment, Math.max(0.25, 0.92 - offset * 0.05)));
    if (offset === 0) todaysSlots = slots;
    ahead.push(...slots.filter((slot) => slot.from > now && slot.from < aheadUntil));
  }
  while (ahead.length > Math.floor(count * AHEAD_SHARE)) ahead.splice(random.int(0, ahead.length - 1), 1);
  placed.push(...ahead);

  // The past, from today backwards, until the count is reached; of the earliest day only its latest bookings.
  for (let offset = 0; placed.length < count; offset--) {
    const date = calendarDay(today + offset * DAY_MS);
    if (date.weekday === 0 || date.weekday === 6 || isHoliday(date)) continue;
    const slots = offset === 0 ? todaysSlots.filter((slot) => slot.from <= now) : random.chance(0.03) ? [] : placeDay(date, planDay(random, treatment, 0.75 + random.next() * 0.23));
    placed.push(...slots.slice(Math.max(0, slots.length - (count - placed.length))));
  }
  placed.sort((a, b) => a.from - b.from);

  const nowMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return placed.map(({ treatment: booked, from, to }) => {
    // Booked a few hours to four months ahead, most one to three weeks; a booking ahead was made before `now`.
    const lead = random.next();
    const minutes = lead < 0.15 ? random.int(60, 600) : lead < 0.85 ? random.int(1, 21) * 1440 + random.int(-300, 300) : random.int(22, 120) * 1440 + random.int(-300, 300);
    let createdAt = from - minutes * MINUTE_MS;
    if (createdAt > nowMinute) createdAt = nowMinute - random.int(0, 3 * 1440) * MINUTE_MS;
    return { clientId: booker(random).client.id, treatmentId: booked.id, from, to, createdAt, invoiceIds: [], productNames: booked.name, subtotalOre: booked.priceOre };
  });
}

interface InvoiceDraft {
  clientId: number;
  createdAt: number;
  bookings: SampleBooking[];
  lines: Omit<SampleInvoiceLine, 'id' | 'invoiceId' | 'invoiceNumber'>[];
}

function treatmentLine(booking: SampleBooking, discountOre = 0): InvoiceDraft['lines'][number] {
  return { text: booking.productNames, priceOre: booking.subtotalOre, discountOre, vatOre: 0 };
}

function productLine(random: Random): InvoiceDraft['lines'][number] {
  const [text, kroner] = weighted(PRODUCTS, ([, , weight]) => weight)(random);
  const priceOre = kroner * 100;
  return { text, priceOre, discountOre: 0, vatOre: Math.round(priceOre / 5) };
}

function makeInvoices(random: Random, count: number, now: number, bookings: SampleBooking[]): { invoices: SampleInvoice[]; lines: SampleInvoiceLine[] } {
  if (count === 0) return { invoices: [], lines: [] };
  const ended = bookings.filter((booking) => booking.to <= now);
  if (count > ended.length) throw new RangeError(`${count} invoices need at least as many bookings that have ended (there are ${ended.length})`);
  const byClient = new Map<number, SampleBooking[]>();
  for (const booking of ended) {
    const history = byClient.get(booking.clientId);
    if (history) history.push(booking);
    else byClient.set(booking.clientId, [booking]);
  }
  const invoiced = new Set<SampleBooking>();
  const nowMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const notAfterNow = (at: number) => Math.min(at, nowMinute);

  // The bookings in random order (Fisher–Yates): invoicing is spread over the years.
  const order = [...ended];
  for (let index = order.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [order[index], order[other]] = [order[other]!, order[index]!];
  }

  const drafts: InvoiceDraft[] = [];
  for (const booking of order) {
    if (drafts.length >= count) break;
    if (invoiced.has(booking)) continue;
    const kind = random.next();
    if (kind < 0.06) {
      // A 'samlet opgørelse': this booking and up to three earlier ones of the client from the last four months.
      const history = byClient.get(booking.clientId)!;
      const earlier: SampleBooking[] = [];
      const wanted = random.int(1, 3);
      for (let index = history.indexOf(booking) - 1; index >= 0 && earlier.length < wanted; index--) {
        const candidate = history[index]!;
        if (candidate.from < booking.from - 120 * DAY_MS) break;
        if (!invoiced.has(candidate)) earlier.unshift(candidate);
      }
      if (earlier.length > 0) {
        const members = [...earlier, booking];
        for (const member of members) invoiced.add(member);
        drafts.push({ clientId: booking.clientId, createdAt: notAfterNow(booking.to + random.int(60, 3 * 1440) * MINUTE_MS), bookings: members, lines: members.map((member) => treatmentLine(member)) });
        continue;
      }
    }
    invoiced.add(booking);
    const createdAt = notAfterNow(booking.to + random.int(0, 90) * MINUTE_MS);
    if (kind >= 0.06 && kind < 0.09 && count - drafts.length >= 2) {
      // The product bought at the visit on an invoice of its own, made a few minutes after the treatment's.
      drafts.push({ clientId: booking.clientId, createdAt, bookings: [booking], lines: [treatmentLine(booking)] });
      drafts.push({ clientId: booking.clientId, createdAt: notAfterNow(createdAt + random.int(1, 10) * MINUTE_MS), bookings: [booking], lines: [productLine(random)] });
      continue;
    }
    const discount = random.chance(0.05) ? Math.min(booking.subtotalOre - 100, random.pick([5000, 10000, Math.round(booking.subtotalOre / 1000) * 100])) : 0;
    const lines = [treatmentLine(booking, discount)];
    if (random.chance(0.06)) lines.push(productLine(random));
    drafts.push({ clientId: booking.clientId, createdAt, bookings: [booking], lines });
  }
  if (drafts.length < count) throw new RangeError(`Only ${drafts.length} of ${count} invoices could be made from the bookings that have ended`);

  // Numbers and IDs in the order the invoices were made (a stable sort keeps a pair made the same minute in order).
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const invoices: SampleInvoice[] = [];
  const lines: SampleInvoiceLine[] = [];
  let invoiceId = 310457;
  let lineId = 722301;
  for (const [index, draft] of drafts.entries()) {
    if (index > 0) invoiceId += random.chance(0.7) ? 1 : random.int(2, 30);
    const number = 1001 + index;
    for (const line of draft.lines) {
      lines.push({ id: lineId, invoiceId, invoiceNumber: number, ...line });
      lineId += 1;
    }
    lineId += random.chance(0.8) ? 0 : random.int(1, 10);
    for (const booking of draft.bookings) booking.invoiceIds.push(invoiceId);
    const subtotalOre = draft.lines.reduce((sum, line) => sum + line.priceOre - line.discountOre, 0);
    invoices.push({ id: invoiceId, clientId: draft.clientId, number, date: startOfCopenhagenDay(draft.createdAt), createdAt: draft.createdAt, subtotalOre });
  }
  return { invoices, lines };
}

/** The old system's records of one clinic (see the module comment for what they hold and how they hang together). */
export function generateSampleExport(options: SampleOptions): SampleExport {
  const seed = options.seed ?? SAMPLE_DEFAULTS.seed;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a whole number, not ${seed}`);
  if (!Number.isFinite(options.now)) throw new RangeError('now must be an instant (epoch ms)');
  const clientCount = checkCount('clients', options.clients ?? SAMPLE_DEFAULTS.clients);
  const treatmentCount = checkCount('treatments', options.treatments ?? SAMPLE_DEFAULTS.treatments);
  const bookingCount = checkCount('bookings', options.bookings ?? SAMPLE_DEFAULTS.bookings);
  const invoiceCount = checkCount('invoices', options.invoices ?? SAMPLE_DEFAULTS.invoices);

  const clients = makeClients(new Random(seed, 1), clientCount, options.now);
  const { treatments, popularity } = makeTreatments(new Random(seed, 2), treatmentCount);
  const bookings = makeBookings(new Random(seed, 3), bookingCount, options.now, clients, treatments, popularity);
  const { invoices, lines } = makeInvoices(new Random(seed, 4), invoiceCount, options.now, bookings);
  return { client: clients, treatment: treatments, booking: bookings, invoiceLine: lines, invoice: invoices };
}

// ---------------------------------------------------------------------------------------------------------------
// Files. One column table per file says each cell's kind; the CSV writer turns it into Danish text, the xlsx
// writer into a typed cell, so the two files cannot disagree.

type Column<R> = { header: string; width: number } & ({ kind: 'text'; value: (row: R) => string } | { kind: 'integer' | 'amount' | 'time' | 'date'; value: (row: R) => number });

const COLUMNS: { readonly [K in SampleKind]: readonly Column<SampleRecords[K]>[] } = {
  client: [
    { header: 'ID', width: 8, kind: 'integer', value: (client) => client.id },
    { header: 'Adresse', width: 44, kind: 'text', value: (client) => (client.address ? `${client.address}, ${client.post} ${client.town}` : '') },
    { header: 'CPR', width: 13, kind: 'text', value: (client) => client.cpr },
    { header: 'E-mail', width: 34, kind: 'text', value: (client) => client.email },
    { header: 'Navn', width: 30, kind: 'text', value: (client) => `${client.nameFirst} ${client.nameLast}` },
    { header: 'Telefonnummer', width: 16, kind: 'text', value: (client) => client.phone },
  ],
  treatment: [
    { header: 'ID', width: 8, kind: 'integer', value: (treatment) => treatment.id },
    { header: 'Spærretid', width: 10, kind: 'integer', value: (treatment) => treatment.pause },
    { header: 'Navn', width: 32, kind: 'text', value: (treatment) => treatment.name },
    { header: 'Pris', width: 11, kind: 'amount', value: (treatment) => treatment.priceOre },
    { header: 'Tid', width: 6, kind: 'integer', value: (treatment) => treatment.duration },
  ],
  booking: [
    { header: 'Klient ID', width: 10, kind: 'integer', value: (booking) => booking.clientId },
    { header: 'Ydelse ID', width: 10, kind: 'integer', value: (booking) => booking.treatmentId },
    { header: 'Start', width: 17, kind: 'time', value: (booking) => booking.from },
    { header: 'Slut', width: 17, kind: 'time', value: (booking) => booking.to },
    { header: 'Fakturaer', width: 16, kind: 'text', value: (booking) => booking.invoiceIds.join(',') },
    { header: 'Oprettet', width: 17, kind: 'time', value: (booking) => booking.createdAt },
    { header: 'Produktnavne', width: 32, kind: 'text', value: (booking) => booking.productNames },
    { header: 'Subtotal', width: 11, kind: 'amount', value: (booking) => booking.subtotalOre },
  ],
  invoiceLine: [
    { header: 'ID', width: 8, kind: 'integer', value: (line) => line.id },
    { header: 'Rabat', width: 10, kind: 'amount', value: (line) => line.discountOre },
    { header: 'Fakturanummer', width: 14, kind: 'integer', value: (line) => line.invoiceNumber },
    { header: 'Pris', width: 11, kind: 'amount', value: (line) => line.priceOre },
    { header: 'Moms', width: 10, kind: 'amount', value: (line) => line.vatOre },
    { header: 'Tekst', width: 34, kind: 'text', value: (line) => line.text },
  ],
  invoice: [
    { header: 'ID', width: 8, kind: 'integer', value: (invoice) => invoice.id },
    { header: 'Klient ID', width: 10, kind: 'integer', value: (invoice) => invoice.clientId },
    { header: 'Subtotal', width: 11, kind: 'amount', value: (invoice) => invoice.subtotalOre },
    { header: 'Nummer', width: 8, kind: 'integer', value: (invoice) => invoice.number },
    { header: 'Dato', width: 11, kind: 'date', value: (invoice) => invoice.date },
    { header: 'Oprettet', width: 17, kind: 'time', value: (invoice) => invoice.createdAt },
  ],
};

/** The header row of a file: the spec's column names in the spec's order. */
export function sampleColumns(kind: SampleKind): string[] {
  return COLUMNS[kind].map((column) => column.header);
}

function columnsOf<K extends SampleKind>(kind: K): readonly Column<SampleRecords[K]>[] {
  return COLUMNS[kind];
}

/** 123450 øre → '1.234,50' (formatKroner without ' kr.': an export holds the bare number). */
export function danishAmount(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError('Amounts are whole øre');
  const abs = Math.abs(ore);
  return `${ore < 0 ? '-' : ''}${Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${pad(abs % 100)}`;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * Copenhagen wall time of instants, cached per UTC hour: Copenhagen's offset from UTC is always whole hours, so the
 * minutes carry over and one zone conversion serves every instant of that hour (tens of thousands of cells).
 */
function copenhagenClock(): (at: number) => { text: string; date: string; serial: number; dateSerial: number } {
  const hours = new Map<number, { date: string; hour: string; wallHour: number; wallDay: number }>();
  return (at) => {
    const bucket = Math.floor(at / HOUR_MS);
    let hour = hours.get(bucket);
    if (!hour) {
      const start = bucket * HOUR_MS;
      const date = formatDanishDate(start);
      const time = formatCopenhagenTime(start);
      const [day, month, year] = date.split('-').map(Number) as [number, number, number];
      const wallDay = Date.UTC(year, month - 1, day);
      hour = { date, hour: time.slice(0, 2), wallHour: wallDay + Number(time.slice(0, 2)) * HOUR_MS, wallDay };
      hours.set(bucket, hour);
    }
    const minutes = Math.floor((at - bucket * HOUR_MS) / MINUTE_MS);
    return {
      text: `${hour.date} ${hour.hour}:${pad(minutes)}`,
      date: hour.date,
      serial: (hour.wallHour + minutes * MINUTE_MS - EXCEL_EPOCH) / DAY_MS,
      dateSerial: (hour.wallDay - EXCEL_EPOCH) / DAY_MS,
    };
  };
}

function csvCell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A file as Danish Excel saves 'CSV (semikolonsepareret)': Windows-1252, ';', CRLF (see the module comment). */
export function toCsv<K extends SampleKind>(kind: K, rows: readonly SampleRecords[K][]): Buffer {
  const columns = columnsOf(kind);
  const clock = copenhagenClock();
  const text = (column: Column<SampleRecords[K]>, row: SampleRecords[K]): string => {
    switch (column.kind) {
      case 'text':
        return column.value(row);
      case 'integer':
        return String(column.value(row));
      case 'amount':
        return danishAmount(column.value(row));
      case 'time':
        return clock(column.value(row)).text;
      case 'date':
        return clock(column.value(row)).date;
    }
  };
  const lines = [columns.map((column) => csvCell(column.header)).join(';')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(text(column, row))).join(';'));
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}

const SHEET_NAMES: Readonly<Record<SampleKind, string>> = {
  client: 'Klienter',
  treatment: 'Behandlinger',
  booking: 'Bookinger',
  invoiceLine: 'Fakturalinjer',
  invoice: 'Fakturaer',
};

/** The built-in 'General' and '#,##0.00', and the two date formats at Excel's first custom format ids. */
const NUMBER_FORMATS = { 0: 'General', 4: '#,##0.00', 164: 'dd-mm-yyyy hh:mm', 165: 'dd-mm-yyyy' } as const;

/** A file as an .xlsx workbook of one sheet with typed cells (see the module comment). */
export function toXlsx<K extends SampleKind>(kind: K, rows: readonly SampleRecords[K][]): Buffer {
  const columns = columnsOf(kind);
  const clock = copenhagenClock();
  const sheet: XLSX.WorkSheet = {};
  const cell = (column: Column<SampleRecords[K]>, row: SampleRecords[K]): XLSX.CellObject | null => {
    switch (column.kind) {
      case 'text': {
        const value = column.value(row);
        return value ? { t: 's', v: value } : null;
      }
      case 'integer':
        return { t: 'n', v: column.value(row) };
      case 'amount':
        return { t: 'n', v: column.value(row) / 100, z: '#,##0.00' };
      case 'time':
        return { t: 'n', v: clock(column.value(row)).serial, z: 'dd-mm-yyyy hh:mm' };
      case 'date':
        return { t: 'n', v: clock(column.value(row)).dateSerial, z: 'dd-mm-yyyy' };
    }
  };
  for (const [c, column] of columns.entries()) sheet[XLSX.utils.encode_cell({ r: 0, c })] = { t: 's', v: column.header };
  for (const [index, row] of rows.entries()) {
    for (const [c, column] of columns.entries()) {
      const value = cell(column, row);
      if (value) sheet[XLSX.utils.encode_cell({ r: index + 1, c })] = value;
    }
  }
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: columns.length - 1 } });
  sheet['!cols'] = columns.map((column) => ({ wch: column.width }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, SHEET_NAMES[kind]);
  // The workbook's own number formats: without them SheetJS writes every format its process has met so far, and
  // the same sheet would differ with what was written before it.
  (workbook as XLSX.WorkBook & { SSF: Record<number, string> }).SSF = { ...NUMBER_FORMATS };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/**
 * The sample records as the import writes them (mapping.ts's records), without the detour through files: for
 * `npm run seed`, whose demo clinic is an import of a sample export made at the moment of seeding. Clients without
 * a CPR number are left out, as the import refuses them (they have no bookings or invoices in the samples).
 */
export function sampleImportSet(records: SampleExport): ImportSet {
  const row = (index: number) => index + 2;
  return {
    clients: records.client.flatMap((client, index) =>
      client.cpr
        ? [
            {
              sourceId: String(client.id),
              row: row(index),
              nameFirst: client.nameFirst,
              nameLast: client.nameLast,
              cpr6: client.cpr.slice(0, 6),
              last4: client.cpr.slice(7),
              email: client.email,
              phone: client.phone.replace(/\s+/g, ''),
              address: client.address,
              post: client.post,
              town: client.town,
            },
          ]
        : [],
    ),
    treatments: records.treatment.map((treatment, index) => ({ sourceId: String(treatment.id), row: row(index), name: treatment.name, priceOre: treatment.priceOre, duration: treatment.duration, pause: treatment.pause })),
    bookings: records.booking.map((booking, index) => ({
      sourceId: `${booking.clientId}@${booking.from}`,
      row: row(index),
      clientSourceId: String(booking.clientId),
      treatmentSourceId: String(booking.treatmentId),
      from: booking.from,
      to: booking.to,
      createdAt: booking.createdAt,
      invoiceSourceIds: booking.invoiceIds.map(String),
      productNames: booking.productNames,
      subtotalOre: booking.subtotalOre,
    })),
    invoices: records.invoice.map((invoice, index) => ({
      sourceId: String(invoice.id),
      row: row(index),
      clientSourceId: String(invoice.clientId),
      number: String(invoice.number),
      date: invoice.date,
      createdAt: invoice.createdAt,
      subtotalOre: invoice.subtotalOre,
    })),
    invoiceLines: records.invoiceLine.map((line, index) => ({
      sourceId: String(line.id),
      row: row(index),
      invoiceNumber: String(line.invoiceNumber),
      text: line.text,
      priceOre: line.priceOre,
      discountOre: line.discountOre,
      vatOre: line.vatOre,
      vatExempt: false,
    })),
  };
}
