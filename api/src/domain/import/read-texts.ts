/**
 * The Danish texts of reading an import file (read.ts), and the error they travel in. The spec words only the file
 * type refusal; the rest are ours, each naming the file so that a clinic uploading five files knows which to fix.
 */
import { supportMessages } from '@klinik/core';
import { ValidationError } from '../../errors.js';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** 500000 → '500.000', the Danish way (written out: the server's ICU data need not know Danish). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export const importReadTexts = {
  /** The spec's own text (spec 2, Import files). */
  fileType: supportMessages.invalidFileType,
  tooLarge: (name: string, maxBytes: number) => `${name} er for stor: højst ${megabytes(maxBytes)}`,
  empty: (name: string) => `${name} er tom`,
  noHeader: (name: string, rows: number) => `${name} har ingen kolonneoverskrifter i de første ${count(rows)} rækker`,
  notText: (name: string) => `${name} er ikke en CSV-fil: den indeholder binære data`,
  notExcel: (name: string) => `${name} kunne ikke åbnes som Excel-fil`,
  excelPassword: (name: string) => `${name} er beskyttet med adgangskode. Gem den uden adgangskode, og prøv igen.`,
  excelTooLarge: (name: string) => `${name} er for stor til at blive læst. Gem den som CSV, og prøv igen.`,
  unclosedQuote: (name: string, row: number) => `${name}: anførselstegnet i række ${row} bliver aldrig lukket`,
  malformedCsv: (name: string, row: number) => `${name} kunne ikke læses som CSV (række ${row})`,
  tooManyRows: (name: string, max: number) => `${name} har for mange rækker: højst ${count(max)}`,
  tooManyColumns: (name: string, max: number) => `${name} har for mange kolonner: højst ${max}`,
  duplicateColumn: (name: string, column: string) => `${name} har kolonnen ${column} mere end én gang`,
  missingColumns: (name: string, columns: readonly string[]) =>
    columns.length === 1 ? `${name} mangler kolonnen: ${columns[0]}` : `${name} mangler kolonnerne: ${columns.join(', ')}`,
  unknownFile: (name: string) =>
    `${name} ligner ingen af de fem eksportfiler (klienter, behandlinger, bookinger, fakturalinjer, fakturaer): kolonnerne passer ikke`,
  /** A row error (the report puts the file and the row number before it). */
  tooManyCells: (cells: number, columns: number) => `Rækken har ${cells} celler, men filen har kun ${columns} kolonner`,
  zipUnreadable: (name: string) => `${name} kunne ikke pakkes ud`,
  zipEncrypted: (name: string) => `${name} er beskyttet med adgangskode. Pak filerne uden adgangskode, og prøv igen.`,
  zipTooManyEntries: (name: string, max: number) => `${name} indeholder for mange filer: højst ${max}`,
  zipEntryTooLarge: (name: string, entry: string, maxBytes: number) => `${entry} i ${name} er for stor udpakket: højst ${megabytes(maxBytes)}`,
  zipTotalTooLarge: (name: string, maxBytes: number) => `${name} er for stor udpakket: højst ${megabytes(maxBytes)} i alt`,
  zipTooDense: (name: string, entry: string) => `${entry} i ${name} er pakket usædvanligt tæt og afvises (den ligner en zip-bombe)`,
  zipNoTables: (name: string) => `${name} indeholder ingen CSV- eller Excel-filer`,
  missingFile: (kind: string) => `Filen med ${kind} mangler`,
  sameKind: (kind: string, first: string, second: string) => `${first} og ${second} er begge filer med ${kind}. Upload kun én.`,
} as const;

/**
 * A file that cannot be imported, with the reason in Danish. It is a `ValidationError` (400) for the dispatcher; the
 * import engine also puts it in the report as it is. `fileName` is the name the user gave the file (for a file in
 * a zip, its name in the zip), null when the message is about the set of files.
 */
export class ImportFileError extends ValidationError {
  constructor(
    readonly fileName: string | null,
    message: string,
  ) {
    super(message);
  }
}
