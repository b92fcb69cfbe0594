/**
 * The cloud drive as the product needs it: Google Drive through Google's OAuth 2 authorization-code flow
 * with the `drive.file` scope (the app sees only what it made), or the sandbox inside the API. A consent page the
 * therapist is sent to (with our signed `state`), the exchange of the code it returns for tokens (kept on the server
 * only), an access token from the refresh token, and the few file operations the panel and the image copies use:
 * the account's quota, a folder's items, one item, a folder found by its marker, a new folder, an upload, a delete.
 *
 * Implementations: google.ts (production, GOOGLE_DRIVE_CLIENT_ID / GOOGLE_DRIVE_CLIENT_SECRET) and sandbox/ (the local
 * default, refuses NODE_ENV=production).
 */

export interface DriveTokens {
  accessToken: string;
  /** Google answers one when the consent asked for offline access; a refresh may answer none (keep the old one). */
  refreshToken: string | null;
  expiresAt: number;
  /** The scopes granted: with granular consent a user may leave the drive permission unticked. */
  scopes: string[];
}

export interface DriveItemWire {
  id: string;
  name: string;
  mimeType: string;
  isFolder: boolean;
  size: number | null;
  modifiedTime: number | null;
  parents: string[];
}

export interface DriveAbout {
  /** Bytes; null when the account has no limit. */
  limit: number | null;
  usage: number;
  usageInDrive: number;
  usageInDriveTrash: number;
  /** The account's e-mail, when the drive says it. */
  emailAddress: string | null;
}

/** A private marker on what we make (Google: appProperties), so the clinic's folder is found again. */
export interface DriveMarker {
  key: string;
  value: string;
}

export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

export interface DriveProvider {
  readonly kind: 'google' | 'sandbox' | 'none';
  /** The consent page's address; `redirectUri` is where it sends the browser back with `code` and `state`. */
  consentUrl(input: { state: string; redirectUri: string; origin: string }): string;
  /** Exchanges a code once; a code used twice, expired or refused throws DriveGrantError. */
  exchangeCode(code: string, redirectUri: string): Promise<DriveTokens>;
  /** A fresh access token; a refresh token that no longer works throws DriveGrantError. */
  refresh(refreshToken: string): Promise<DriveTokens>;
  /** Ends the grant at the provider (best effort: signing out never waits on it to forget the tokens). */
  revoke(token: string): Promise<void>;
  about(access: string): Promise<DriveAbout>;
  /** A folder's items (not trashed), folders first, at most `max`; `truncated` when there are more. */
  list(access: string, folderId: string, max: number): Promise<{ items: DriveItemWire[]; truncated: boolean }>;
  /** One item; null when it does not exist or the app may not see it. */
  get(access: string, id: string): Promise<DriveItemWire | null>;
  /** A folder in `parentId` ('root' for the top) with that name and marker; null when there is none. */
  findFolder(access: string, input: { name: string; parentId: string; marker: DriveMarker }): Promise<DriveItemWire | null>;
  createFolder(access: string, input: { name: string; parentId: string; marker?: DriveMarker }): Promise<DriveItemWire>;
  upload(access: string, input: { name: string; parentId: string; mimeType: string; data: Buffer; marker?: DriveMarker }): Promise<DriveItemWire>;
  /** Deletes for good (not to the trash); a folder with everything in it. */
  delete(access: string, id: string): Promise<void>;
}

/** The grant is not valid (a code refused, a refresh token revoked, an access token refused): sign in again. */
export class DriveGrantError extends Error {
  override name = 'DriveGrantError';
}

/** The grant lacks the drive permission (the user left it unticked, or it was taken away). */
export class DriveAccessError extends Error {
  override name = 'DriveAccessError';
}

/** The item does not exist, or the app may not see it. */
export class DriveNotFoundError extends Error {
  override name = 'DriveNotFoundError';
}

/** The account's storage is full. */
export class DriveQuotaError extends Error {
  override name = 'DriveQuotaError';
}

/** The drive could not be reached or failed on its side: try again later. */
export class DriveUnavailableError extends Error {
  override name = 'DriveUnavailableError';
}
