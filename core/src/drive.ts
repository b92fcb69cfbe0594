/**
 * The cloud-drive backup (spec 2: Images 'Drive', Drive quota, §7 Storage, §8 Drive messages; spec 3 'Cloud-drive
 * access not granted'): constants and texts shared by the API and the drive panel. The spec's English
 * messages are kept verbatim; the rest are ours, in Danish.
 */

/** The one scope asked for: the app sees only the files and folders it made itself. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/**
 * Where the consent page sends the browser back with `code` and `state` (a page of mf-clients, DriveReturn).
 * Registered as the OAuth client's redirect address at Google.
 */
export const DRIVE_RETURN_PATH = '/Klientdata/google-drive';

/** The folder each therapist's drive gets for the clinic (marked with the clinic's id, so it is found again). */
export const DRIVE_FOLDER_NAME = 'Klinik';

/** A file uploaded to the drive from the panel: Google's multipart upload is meant for files up to 5 MB. */
export const DRIVE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const DRIVE_UPLOAD_MAX_FILES = 5;
/** Items answered for one folder (the panel shows the first ones; the drive holds the rest). */
export const DRIVE_LIST_MAX = 500;
export const DRIVE_NAME_MAX = 200;

export const driveMessages = {
  /** Spec 2 §8 / spec 3: access was refused or revoked; the therapist is signed out of the drive. */
  accessRequired: 'Google Drive access is required to continue. You have been signed out. Please sign in again with same account.',
  /** Spec 2 §8: the sign-in did not give access. */
  signInFailed: 'Access not granted. Please try again.',
  /** Spec 2 §8: an image kept on the drive cannot be shown while signed out. */
  viewImageLogin: 'To view image login with your google drive previous loggedIn',
  addOnInactive: 'Cloud drev-tilføjelsen er ikke aktiv for klinikken. Klinikkens ejer kan tilføje den under Tilføjelser.',
  notConfigured: 'Google Drive er ikke sat op på denne server.',
  notConnected: 'Du er ikke logget ind på Google Drive.',
  stateInvalid: 'Login på Google Drive kunne ikke bekræftes. Start forfra fra klientsiden.',
  unavailable: 'Google Drive svarer ikke lige nu. Prøv igen om lidt.',
  notFound: 'Filen eller mappen findes ikke i klinikkens mappe på Google Drive.',
  driveFull: 'Der er ikke mere plads på dit Google Drive.',
  rootNotDeletable: 'Klinikkens mappe kan ikke slettes herfra.',
  fileRequired: 'Vælg en fil.',
  fileTooLarge: `Filen er for stor. Upload en fil mindre end ${DRIVE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyFiles: `Vælg højst ${DRIVE_UPLOAD_MAX_FILES} filer ad gangen.`,
  toConsent: 'Du sendes videre til Google Drive.',
  connected: 'Google Drive er forbundet.',
  signedOut: 'Du er logget ud af Google Drive.',
  folderCreated: 'Mappen er oprettet.',
  uploaded: (count: number) => (count === 1 ? 'Filen er uploadet til Google Drive.' : `${count} filer er uploadet til Google Drive.`),
  deleted: 'Slettet fra Google Drive.',
  settingSaved: 'Indstillingen er gemt.',
  copyFailed: 'Kopien til Google Drive mislykkedes.',
} as const;

export const BYTES_PER_DRIVE_GB = 1024 ** 3;

/** Bytes as the spec's quota figures (GB with two decimals). */
export function driveGb(bytes: number | null): number | null {
  return bytes === null ? null : Math.round((bytes / BYTES_PER_DRIVE_GB) * 100) / 100;
}
