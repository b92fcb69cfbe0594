/**
 * The data import's texts and form rules (spec 2 §4 'Import', §5 'Import files'). The spec's texts
 * verbatim where it gives them; /Importerdata and the API (`importCsv`) run the same checks.
 */
import { fileExtension } from './messages-platform.js';

export const importMessages = {
  // spec 2 §5 'Import files', verbatim
  fileRequired: 'Denne fil er påkrævet',
  fileType: 'upload only CSV/Excel/sheet',
  sourceRequired: 'Du skal vælge hvor du importerer fra',
  emailRequired: 'e-mailadresse er påkrævet',
  // spec 2 §4 'Import' and spec 3 §2, verbatim
  success: 'Import vellykket!',
  completed: 'Import af Data Fuldført',
  // ours
  started: 'Filerne er modtaget. Importen kører nu – du kan følge den her og får rapporten på e-mail.',
  addOnNeeded: 'Dataimport er et tilkøb. Køb Dataimport under Tilføjelser, så kan du importere med det samme.',
  askOwner: 'Kontakt klinikkens administrator for at få dine data flyttet med fra dit tidligere system.',
  ownerOnly: 'Kun klinikkens administrator kan importere data.',
  running: 'En import er allerede i gang. Vent, til den er færdig.',
  notFound: 'Importen findes ikke',
  sameField: 'Vælg én fil pr. felt',
  unknownField: 'Filen er sendt i et felt, importen ikke kender',
  zipAlone: 'En zip-fil skal indeholde alle fem filer: vælg enten zip-filen eller de fem filer',
  supportUploadGone: 'Filerne fra supporten kan ikke importeres (de er allerede importeret, eller de findes ikke længere).',
  failed: 'Importen kunne ikke gennemføres. Prøv igen, eller kontakt support.',
  // ours: the imported invoices' numbers are the clinic's; its own continue above them
  nextInvoiceNumber: (number: string) => `Næste fakturanummer er sat til ${number}, over de importerede fakturaers numre fra i år, så intet nummer bruges to gange.`,
} as const;

/** The form's five file fields (spec 2, Import payload), in the form's order, and the zip that may hold them all. */
export const IMPORT_FILE_FIELDS = ['client', 'treatment', 'booking', 'invoiceLine', 'invoice'] as const;
export type ImportFileField = (typeof IMPORT_FILE_FIELDS)[number];
export const IMPORT_ZIP_FIELD = 'zip';

/** Spec 2 §9: the file types the import takes. A zip only in the zip field. */
export const IMPORT_TABLE_EXTENSIONS = ['csv', 'xls', 'xlsx', 'xlsm'] as const;

/**
 * The systems a clinic imports from (the spec's `domain`, 'hvor du importerer fra'). The files are read by their
 * columns (spec 2, Import payload), whichever system wrote them; the choice is kept with the import and in its report.
 */
export const IMPORT_SOURCES = [
  { key: 'easypractice', label: 'EasyPractice' },
  { key: 'planway', label: 'Planway' },
  { key: 'cliniko', label: 'Cliniko' },
  { key: 'janeapp', label: 'Jane App' },
  { key: 'other', label: 'Andet system' },
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number]['key'];
export const IMPORT_SOURCE_KEYS = IMPORT_SOURCES.map((source) => source.key) as [ImportSource, ...ImportSource[]];

/** How often the import page asks how far an import has come, and how long its messages stay (spec 2 §9: 20 s). */
export const IMPORT_POLL_MS = 1_000;
export const IMPORT_MESSAGE_CLEAR_MS = 20_000;

/**
 * The form's files checked (spec 2 §5): each of the five required unless a zip is chosen, each of its kind (a zip
 * only as the zip, CSV or Excel otherwise). Answers each field's problem; empty when the files may be sent.
 */
export function importFileProblems(files: readonly { field: string; name: string }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  const known = new Set<string>([...IMPORT_FILE_FIELDS, IMPORT_ZIP_FIELD]);
  for (const file of files) {
    if (!known.has(file.field)) {
      problems.files = importMessages.unknownField;
      continue;
    }
    if (seen.has(file.field)) problems[file.field] = importMessages.sameField;
    seen.add(file.field);
    const extension = fileExtension(file.name);
    const fits = file.field === IMPORT_ZIP_FIELD ? extension === 'zip' : (IMPORT_TABLE_EXTENSIONS as readonly string[]).includes(extension);
    if (!fits) problems[file.field] = importMessages.fileType;
  }
  const hasZip = seen.has(IMPORT_ZIP_FIELD);
  for (const field of IMPORT_FILE_FIELDS) {
    if (hasZip && seen.has(field)) problems[field] ??= importMessages.zipAlone;
    if (!hasZip && !seen.has(field)) problems[field] ??= importMessages.fileRequired;
  }
  return problems;
}
