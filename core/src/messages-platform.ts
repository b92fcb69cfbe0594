/**
 * Danish texts of the platform administrator's screens (/Companies) and of the support team's import screen
 * (/support-import-data). The spec's texts verbatim where it gives them (spec 1 §8, spec 3 §4–§5).
 */
import { bookingMessages } from './messages-scheduling.js';

export const platformMessages = {
  // spec 1 §8 'Administrator company actions', verbatim
  companyDeleted: 'Virksomheden er blevet slettet.',
  companyStatusUpdated: 'Virksomhedens nye status er opdateret med succes.',
  companyUpdated: 'Virksomhed opdateret med succes.',
  connectionFailed: 'Kan ikke oprette forbindelse til serveren. Prøv igen.',
  // spec 1 §5 'Administrator company edit' (ours: the wording of each rule)
  freeTextsRange: 'Gratis SMS pr. måned skal være et helt tal mellem 0 og 99999999',
  // ours
  companyNotFound: 'Virksomheden findes ikke',
  companyAlreadyDeleted: 'Virksomheden er allerede slettet',
  searchTooLong: 'Søgningen må højst være 100 tegn',
  /** The public booking page of a disabled or deleted clinic. */
  noOnlineBooking: bookingMessages.clinicClosed,
} as const;

export const supportMessages = {
  // spec 3 §4 'Support import', verbatim
  filesUploaded: 'Filerne er uploadet.',
  meetingArranged: 'Mødet er arrangeret med succes.',
  // spec 3 §5 'Support import confirm', verbatim and in this order
  noFile: 'Upload mindst én fil, før du bekræfter.',
  tooFewFiles: 'Du skal uploade mindst 5 CSV/Excel-filer, før du kan bekræfte.',
  noTherapist: 'Vælg en terapeut, før du bekræfter.',
  noMeeting: 'Please schedule a meeting before confirming.',
  invalidOption: 'Vælg en gyldig indstilling, før du bekræfter.',
  invalidFileType: (fileName: string) => `${fileName} har en ugyldig filtype.`,
  // spec 3 §2, verbatim
  therapistPlaceholder: 'Vælg Terapeut for at se Klientdata',
  importCompleted: 'Import af Data Fuldført',
  // ours
  therapistNotFound: 'Terapeuten findes ikke',
  fileTooLarge: (max: string) => `Filen er for stor. Hver fil må højst være ${max}.`,
  tooManyFiles: (max: number) => `Der kan højst uploades ${max} filer ad gangen.`,
  meetingReferenceInvalid: 'Mødet kunne ikke genkendes. Book mødet i kalenderen igen.',
} as const;

/** Spec 3 §5: the file types the support import takes (by extension, case-insensitive). */
export const SUPPORT_IMPORT_EXTENSIONS = ['zip', 'csv', 'xls', 'xlsx', 'xlsm'] as const;
/** Spec 3 §9: at least this many CSV/Excel files unless a zip is among them. */
export const SUPPORT_IMPORT_MIN_TABLE_FILES = 5;
/** Ours: files per support upload, and bytes per file (an old system's full export zipped). */
export const SUPPORT_IMPORT_MAX_FILES = 10;
export const SUPPORT_IMPORT_MAX_FILE_BYTES = 25 * 1024 * 1024;

/** The extension of a file name in lower case ('' when it has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isSupportImportFile(fileName: string): boolean {
  return (SUPPORT_IMPORT_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/**
 * Spec 3 §5, checks 1–3 of 'Support import confirm' in the spec's order (the option checks 4–5 belong to the
 * screen): the first problem's text, or null. The screen and the API (`addSupportHelp`) both run it.
 */
export function supportUploadProblem(fileNames: readonly string[], therapistId: string | null | undefined): string | null {
  if (fileNames.length === 0) return supportMessages.noFile;
  const invalid = fileNames.find((name) => !isSupportImportFile(name));
  if (invalid !== undefined) return supportMessages.invalidFileType(invalid);
  const hasZip = fileNames.some((name) => fileExtension(name) === 'zip');
  if (!hasZip && fileNames.length < SUPPORT_IMPORT_MIN_TABLE_FILES) return supportMessages.tooFewFiles;
  if (!therapistId) return supportMessages.noTherapist;
  return null;
}
