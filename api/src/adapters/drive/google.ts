/**
 * The production drive: Google Drive's REST API v3 and Google's OAuth 2 endpoints for web-server apps.
 *
 * The OAuth legs go through security/oauth (oauth4webapi); the Drive calls are written here.
 * - consent: GET accounts.google.com/o/oauth2/v2/auth (response_type=code, scope drive.file, access_type=offline,
 *   prompt=consent so a refresh token comes every time, include_granted_scopes=true, state);
 * - tokens: POST oauth2.googleapis.com/token (grant_type authorization_code or refresh_token, form-encoded; answers
 *   access_token, expires_in, refresh_token (with offline access), scope, token_type; errors as `{ error }`,
 *   `invalid_grant` for a used, expired or revoked grant); revoke: POST oauth2.googleapis.com/revoke (token=…);
 * - GET drive/v3/about?fields=storageQuota,user(emailAddress) (storageQuota's limit, usage, usageInDrive,
 *   usageInDriveTrash are int64 strings; no limit means unlimited);
 * - GET drive/v3/files?q=…&fields=nextPageToken,files(…)&orderBy=folder,name&pageSize=… (q: `'<id>' in parents and
 *   trashed = false`, a folder by `name = … and mimeType = 'application/vnd.google-apps.folder' and appProperties has
 *   { key='…' and value='…' }`); GET drive/v3/files/<id>?fields=…; POST drive/v3/files (a folder: metadata only);
 * - POST upload/drive/v3/files?uploadType=multipart (multipart/related: the JSON metadata part, then the media part);
 * - DELETE drive/v3/files/<id> (204; deletes for good, a folder with its content).
 *
 * Every call has a time limit. 401 after a fresh token, or `invalid_grant`, is a lost grant; 403 with
 * `insufficientPermissions` (the drive.file scope not granted) a missing permission; `storageQuotaExceeded` a full
 * drive; 404, and a 403 about one file (`appNotAuthorizedToFile`, `insufficientFilePermissions`), an item the app may
 * not see; `invalid_client` (the server's client id or secret), 429, 5xx and network failures the drive being
 * unavailable. Error texts of the answers are not passed on (they may echo file names, which may be clients' names).
 * api/test/drive-google.test.ts runs this against a Google-shaped double (api/test/support/google-drive-double.ts).
 */
import { randomBytes } from 'node:crypto';
import { DRIVE_SCOPE } from '@klinik/core';
import type { GoogleDriveConfig } from '../../config.js';
import { createOAuthClient, OAuthRequestError, type TokenSet } from '../../security/oauth/client.js';
import { fetchJson } from '../http-json.js';
import {
  DriveAccessError,
  DriveGrantError,
  DriveNotFoundError,
  DriveQuotaError,
  DriveUnavailableError,
  FOLDER_MIME_TYPE,
  type DriveAbout,
  type DriveItemWire,
  type DriveMarker,
  type DriveProvider,
  type DriveTokens,
} from './provider.js';

export interface GoogleDriveOptions extends GoogleDriveConfig {
  now: () => number;
  timeoutMs?: number;
}

interface FileWire {
  id?: string;
  name?: string;
  mimeType?: string;
  size?: string;
  modifiedTime?: string;
  parents?: string[];
}

const FILE_FIELDS = 'id,name,mimeType,size,modifiedTime,parents';

/** A value inside a q string: single quotes and backslashes escaped (Drive's query syntax). */
export function queryValue(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function toItem(file: FileWire): DriveItemWire {
  const size = file.size !== undefined ? Number(file.size) : null;
  const modified = file.modifiedTime ? Date.parse(file.modifiedTime) : NaN;
  return {
    id: String(file.id ?? ''),
    name: String(file.name ?? ''),
    mimeType: String(file.mimeType ?? 'application/octet-stream'),
    isFolder: file.mimeType === FOLDER_MIME_TYPE,
    size: size !== null && Number.isFinite(size) ? size : null,
    modifiedTime: Number.isFinite(modified) ? modified : null,
    parents: Array.isArray(file.parents) ? file.parents.map(String) : [],
  };
}

function errorReason(body: unknown): string | null {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const errors = (error as { errors?: Array<{ reason?: unknown }> }).errors;
    const reason = Array.isArray(errors) ? errors[0]?.reason : undefined;
    if (typeof reason === 'string') return reason;
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'string') return status;
  }
  return null;
}

export function createGoogleDriveProvider(options: GoogleDriveOptions): DriveProvider {
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function send<T>(url: string, init: RequestInit): Promise<{ status: number; body: T | null }> {
    const { status, ok, body } = await fetchJson(url, init, timeoutMs, (error) => new DriveUnavailableError(`Google could not be reached: ${error.name}`));
    if (ok) return { status, body: body as T };
    throw refusal(status, errorReason(body));
  }

  /** What Google's refusal means to the drive: the OAuth endpoints' and the Drive API's alike. */
  function refusal(status: number, reason: string | null): Error {
    // The OAuth client itself refused (a wrong or rotated client secret, 401 invalid_client): the server's
    // configuration, not the therapist's grant, so no one is signed out of the drive for it.
    if (reason === 'invalid_client') return new DriveUnavailableError(`Google refused the OAuth client (${status})`);
    if (reason === 'invalid_grant' || reason === 'unauthorized_client' || status === 401) return new DriveGrantError(`Google refused the grant (${status} ${reason ?? ''})`);
    if (reason === 'storageQuotaExceeded' || reason === 'quotaExceeded') return new DriveQuotaError('the drive is full');
    // A 403 about one file (the app is not on its ACL, or may not write to it) is that file, not the whole grant.
    if (status === 403 && (reason === 'appNotAuthorizedToFile' || reason === 'insufficientFilePermissions')) return new DriveNotFoundError('not found');
    if (status === 403 && (reason === 'insufficientPermissions' || reason === 'PERMISSION_DENIED' || reason === 'forbidden')) {
      return new DriveAccessError(`Google refused the permission (${reason})`);
    }
    if (status === 404) return new DriveNotFoundError('not found');
    if (status === 429 || status >= 500 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
      return new DriveUnavailableError(`Google answered ${status} ${reason ?? ''}`);
    }
    // Another 4xx: a request Google would not take (a bad name, for instance); no retry will change it.
    return new DriveUnavailableError(`Google refused the request (${status} ${reason ?? ''})`);
  }

  const oauth = createOAuthClient({
    endpoints: { issuer: 'https://accounts.google.com', authorizationEndpoint: options.authUrl, tokenEndpoint: `${options.oauthUrl}/token`, revocationEndpoint: `${options.oauthUrl}/revoke` },
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    now: options.now,
    timeoutMs,
  });

  /** An OAuth call, its failure in the drive's terms. */
  async function viaOAuth<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof OAuthRequestError)) throw new DriveUnavailableError(`Google could not be reached: ${(error as Error).name}`);
      // A 2xx the library would not take (no access token): as good as no grant.
      if (error.status !== null && error.status < 300) throw new DriveGrantError('Google answered no access token');
      throw refusal(error.status ?? 502, error.code);
    }
  }

  const driveTokens = (tokens: TokenSet): DriveTokens => ({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: options.now() + Math.max(60, tokens.expiresIn ?? 3600) * 1000,
    scopes: tokens.scopes,
  });

  const auth = (access: string) => ({ authorization: `Bearer ${access}`, accept: 'application/json' });
  const files = `${options.apiUrl}/drive/v3/files`;

  async function query(access: string, q: string, pageSize: number, pageToken?: string) {
    const params = new URLSearchParams({ q, fields: `nextPageToken,files(${FILE_FIELDS})`, orderBy: 'folder,name', pageSize: String(pageSize), spaces: 'drive' });
    if (pageToken) params.set('pageToken', pageToken);
    const { body } = await send<{ files?: FileWire[]; nextPageToken?: string }>(`${files}?${params.toString()}`, { headers: auth(access) });
    return { items: (body?.files ?? []).map(toItem), next: body?.nextPageToken ?? null };
  }

  const appProperties = (marker?: DriveMarker) => (marker ? { appProperties: { [marker.key]: marker.value } } : {});

  return {
    kind: 'google',
    consentUrl({ state, redirectUri }) {
      // Offline access and a fresh consent every time, so a refresh token comes with every sign-in.
      return oauth.authorizationUrl({ redirectUri, state, scope: DRIVE_SCOPE, extra: { access_type: 'offline', include_granted_scopes: 'true', prompt: 'consent' } });
    },
    exchangeCode: (code, redirectUri) => viaOAuth(async () => driveTokens(await oauth.exchangeCode({ code, redirectUri }))),
    refresh: (refreshToken) => viaOAuth(async () => driveTokens(await oauth.refresh(refreshToken))),
    revoke: (value) => viaOAuth(() => oauth.revoke(value)),
    async about(access): Promise<DriveAbout> {
      const { body } = await send<{ storageQuota?: Record<string, string | undefined>; user?: { emailAddress?: string } }>(
        `${options.apiUrl}/drive/v3/about?fields=${encodeURIComponent('storageQuota,user(emailAddress)')}`,
        { headers: auth(access) },
      );
      const quota = body?.storageQuota ?? {};
      const bytes = (value: string | undefined) => (value !== undefined && Number.isFinite(Number(value)) ? Number(value) : 0);
      return {
        limit: quota.limit !== undefined ? bytes(quota.limit) : null,
        usage: bytes(quota.usage),
        usageInDrive: bytes(quota.usageInDrive),
        usageInDriveTrash: bytes(quota.usageInDriveTrash),
        emailAddress: body?.user?.emailAddress ?? null,
      };
    },
    async list(access, folderId, max) {
      const items: DriveItemWire[] = [];
      let next: string | null | undefined;
      do {
        const page = await query(access, `${queryValue(folderId)} in parents and trashed = false`, Math.min(1000, max + 1), next ?? undefined);
        items.push(...page.items);
        next = page.next;
      } while (next && items.length <= max);
      return { items: items.slice(0, max), truncated: items.length > max || Boolean(next) };
    },
    async get(access, id) {
      try {
        const { body } = await send<FileWire & { trashed?: boolean }>(`${files}/${encodeURIComponent(id)}?fields=${encodeURIComponent(`${FILE_FIELDS},trashed`)}`, { headers: auth(access) });
        return body && !body.trashed ? toItem(body) : null;
      } catch (error) {
        if (error instanceof DriveNotFoundError) return null;
        throw error;
      }
    },
    async findFolder(access, { name, parentId, marker }) {
      const q = [
        `name = ${queryValue(name)}`,
        `mimeType = ${queryValue(FOLDER_MIME_TYPE)}`,
        `${queryValue(parentId)} in parents`,
        `appProperties has { key=${queryValue(marker.key)} and value=${queryValue(marker.value)} }`,
        'trashed = false',
      ].join(' and ');
      const page = await query(access, q, 10);
      return page.items[0] ?? null;
    },
    async createFolder(access, { name, parentId, marker }) {
      const { body } = await send<FileWire>(`${files}?fields=${encodeURIComponent(FILE_FIELDS)}`, {
        method: 'POST',
        headers: { ...auth(access), 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ name, mimeType: FOLDER_MIME_TYPE, parents: [parentId], ...appProperties(marker) }),
      });
      return toItem(body ?? {});
    },
    async upload(access, { name, parentId, mimeType, data, marker }) {
      const boundary = `klinik-${randomBytes(12).toString('hex')}`;
      const metadata = JSON.stringify({ name, parents: [parentId], mimeType, ...appProperties(marker) });
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: ${mimeType}\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const { body: created } = await send<FileWire>(`${options.apiUrl}/upload/drive/v3/files?uploadType=multipart&fields=${encodeURIComponent(FILE_FIELDS)}`, {
        method: 'POST',
        headers: { ...auth(access), 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      });
      return toItem(created ?? {});
    },
    async delete(access, id) {
      await send(`${files}/${encodeURIComponent(id)}`, { method: 'DELETE', headers: auth(access) });
    },
  };
}
