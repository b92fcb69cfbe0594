/**
 * The sandbox drive: the local default, inside the API, so signing in to the drive, the panel and the image copies
 * work offline and in tests. It plays both Google's OAuth server (a consent page with 'Tillad'/'Afvis' on the API's
 * origin, pages.ts; codes usable once for ten minutes; refresh and access tokens; the drive permission can be left
 * unticked, as Google's granular consent allows) and Google Drive (an account per e-mail typed on the consent page,
 * so the same e-mail is the same drive; folders and files with their content, 15 GB per account, usage counted from
 * the files). Its records live in `SandboxDrive` (models/drive.ts) with deterministic `_id`s; the files' content is
 * in documents of its own, read only by `_id`, and never served by any address. It refuses to start in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DRIVE_SCOPE } from '@klinik/core';
import { isDuplicateKeyError } from '@klinik/api/errors.js';
import type { Models } from '@klinik/api/models/index.js';
import {
  DriveAccessError,
  DriveGrantError,
  DriveNotFoundError,
  DriveQuotaError,
  FOLDER_MIME_TYPE,
  type DriveItemWire,
  type DriveMarker,
  type DriveProvider,
  type DriveTokens,
} from '@klinik/api/adapters/drive/provider.js';

export const SANDBOX_DRIVE_CLIENT_ID = 'klinik-drive-sandbox';
/** What a free Google account has. */
export const SANDBOX_DRIVE_LIMIT_BYTES = 15 * 1024 ** 3;
const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_MS = 60 * 60_000;

export interface DriveSandboxOptions {
  models: Models;
  now: () => number;
  production: boolean;
  /** The only address the consent page sends a browser back to (the configured return route). */
  redirectUri: string;
}

interface FileData {
  name: string;
  mimeType: string;
  parents: string[];
  modifiedTime: number;
  appProperties: Record<string, string>;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const secret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
/** An account as typed on the consent page: the same e-mail is the same drive. */
export const sandboxAccount = (email: string) => email.trim().toLowerCase().slice(0, 200) || 'test@klinik.test';

export interface DriveSandbox extends DriveProvider {
  /** Whether a consent request names this sandbox and the registered return address. */
  validRequest(clientId: string, redirectUri: string): boolean;
  /** The user pressed 'Tillad': a code for that account, with the drive permission or without it. */
  grant(account: string, withDrivePermission: boolean): Promise<string>;
  /** The user removed the app's access in their account (tests): every grant and token of the account ends. */
  revokeAccount(account: string): Promise<void>;
  /** The account's files and folders (tests and the development look). */
  files(account: string): Promise<DriveItemWire[]>;
}

export function createDriveSandbox(options: DriveSandboxOptions): DriveSandbox {
  if (options.production) throw new Error('The sandbox drive refuses to start with NODE_ENV=production: configure GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET');
  const { models, now } = options;
  const { SandboxDrive } = models;

  async function insert(doc: { _id: string; kind: string; account?: string | null; data?: object; content?: Buffer | null; size?: number; expiresAt?: number | null }): Promise<boolean> {
    try {
      await SandboxDrive.create({ createdAt: now(), ...doc });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async function tokens(account: string, scopes: string[], refreshHash: string, refreshToken: string | null): Promise<DriveTokens> {
    const accessToken = secret('ya29');
    const expiresAt = now() + ACCESS_TTL_MS;
    await insert({ _id: `token:${hash(accessToken)}`, kind: 'token', account, expiresAt, data: { scopes, grant: refreshHash } });
    return { accessToken, refreshToken, expiresAt, scopes };
  }

  /** The account an access token is for; a token unknown, expired, of a revoked grant or without the permission is refused. */
  async function accountOf(access: string): Promise<string> {
    const found = await SandboxDrive.findById(`token:${hash(access)}`).lean();
    if (!found || (found.expiresAt ?? 0) < now()) throw new DriveGrantError('sandbox: access token unknown or expired');
    const data = found.data as { scopes?: string[]; grant?: string };
    if (!(await SandboxDrive.exists({ _id: `grant:${data.grant}` }))) throw new DriveGrantError('sandbox: the grant was revoked');
    if (!data.scopes?.includes(DRIVE_SCOPE)) throw new DriveAccessError('sandbox: insufficientPermissions');
    return found.account!;
  }

  function toItem(doc: { _id: string; size?: number | null; data?: unknown }): DriveItemWire {
    const data = doc.data as FileData;
    const isFolder = data.mimeType === FOLDER_MIME_TYPE;
    return { id: doc._id.slice('file:'.length), name: data.name, mimeType: data.mimeType, isFolder, size: isFolder ? null : (doc.size ?? 0), modifiedTime: data.modifiedTime, parents: data.parents };
  }

  async function fileOf(account: string, id: string) {
    const doc = await SandboxDrive.findById(`file:${id}`).lean();
    return doc && doc.kind === 'file' && doc.account === account ? doc : null;
  }

  async function usage(account: string): Promise<number> {
    const [sum] = await SandboxDrive.aggregate<{ total: number }>([{ $match: { kind: 'file', account } }, { $group: { _id: null, total: { $sum: '$size' } } }]);
    return sum?.total ?? 0;
  }

  async function parentExists(account: string, parentId: string): Promise<void> {
    if (parentId === 'root') return;
    const parent = await fileOf(account, parentId);
    if (!parent || (parent.data as FileData).mimeType !== FOLDER_MIME_TYPE) throw new DriveNotFoundError('sandbox: parent not found');
  }

  async function create(account: string, data: Omit<FileData, 'modifiedTime'>, content: Buffer | null): Promise<DriveItemWire> {
    await parentExists(account, data.parents[0]!);
    if (content && (await usage(account)) + content.length > SANDBOX_DRIVE_LIMIT_BYTES) throw new DriveQuotaError('sandbox: storageQuotaExceeded');
    const id = randomBytes(16).toString('base64url');
    const doc = { _id: `file:${id}`, kind: 'file', account, size: content?.length ?? 0, data: { ...data, modifiedTime: now() } };
    // The content first: a file record never names content that is not there.
    if (content) await insert({ _id: `content:${id}`, kind: 'content', account, content, size: content.length });
    await insert(doc);
    return toItem(doc);
  }

  async function children(account: string, folderId: string) {
    return SandboxDrive.find({ kind: 'file', account, 'data.parents': folderId }, { content: 0 }).lean();
  }

  return {
    kind: 'sandbox',
    consentUrl({ state, redirectUri, origin }) {
      const query = new URLSearchParams({ client_id: SANDBOX_DRIVE_CLIENT_ID, redirect_uri: redirectUri, response_type: 'code', scope: DRIVE_SCOPE, access_type: 'offline', state });
      return `${origin}/sandbox/drive/authorize?${query.toString()}`;
    },
    validRequest(clientId, redirectUri) {
      return clientId === SANDBOX_DRIVE_CLIENT_ID && redirectUri === options.redirectUri;
    },
    async grant(email, withDrivePermission) {
      const code = secret('4/0');
      const scopes = withDrivePermission ? [DRIVE_SCOPE] : [];
      await insert({ _id: `code:${hash(code)}`, kind: 'code', account: sandboxAccount(email), expiresAt: now() + CODE_TTL_MS, data: { redirectUri: options.redirectUri, scopes } });
      return code;
    },
    async exchangeCode(code, redirectUri) {
      const found = await SandboxDrive.findById(`code:${hash(code)}`).lean();
      const data = (found?.data ?? {}) as { redirectUri?: string; scopes?: string[] };
      if (!found || (found.expiresAt ?? 0) < now() || data.redirectUri !== redirectUri) throw new DriveGrantError('sandbox: invalid_grant');
      // A code is exchanged once: the second insert of its use fails on `_id`.
      if (!(await insert({ _id: `used:${hash(code)}`, kind: 'used' }))) throw new DriveGrantError('sandbox: invalid_grant (code already used)');
      const refreshToken = secret('1/');
      await insert({ _id: `grant:${hash(refreshToken)}`, kind: 'grant', account: found.account, data: { scopes: data.scopes ?? [] } });
      return tokens(found.account!, data.scopes ?? [], hash(refreshToken), refreshToken);
    },
    async refresh(refreshToken) {
      const grant = await SandboxDrive.findById(`grant:${hash(refreshToken)}`).lean();
      if (!grant) throw new DriveGrantError('sandbox: invalid_grant (refresh token)');
      // As Google: a refresh answers a new access token and keeps the refresh token.
      return tokens(grant.account!, (grant.data as { scopes?: string[] }).scopes ?? [], hash(refreshToken), null);
    },
    async revoke(value) {
      // Either token may be revoked; revoking ends the grant and every access token of it.
      const access = await SandboxDrive.findById(`token:${hash(value)}`).lean();
      const grant = access ? (access.data as { grant?: string }).grant : hash(value);
      await SandboxDrive.deleteOne({ _id: `grant:${grant}` });
    },
    async revokeAccount(email) {
      await SandboxDrive.deleteMany({ kind: 'grant', account: sandboxAccount(email) });
    },
    async about(access) {
      const account = await accountOf(access);
      const used = await usage(account);
      return { limit: SANDBOX_DRIVE_LIMIT_BYTES, usage: used, usageInDrive: used, usageInDriveTrash: 0, emailAddress: account };
    },
    async list(access, folderId, max) {
      const account = await accountOf(access);
      const docs = await children(account, folderId);
      const items = docs.map(toItem).sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name, 'da'));
      return { items: items.slice(0, max), truncated: items.length > max };
    },
    async get(access, id) {
      const account = await accountOf(access);
      const doc = await fileOf(account, id);
      return doc ? toItem(doc) : null;
    },
    async findFolder(access, { name, parentId, marker }) {
      const account = await accountOf(access);
      const docs = await children(account, parentId);
      const found = docs.find((doc) => {
        const data = doc.data as FileData;
        return data.mimeType === FOLDER_MIME_TYPE && data.name === name && data.appProperties?.[marker.key] === marker.value;
      });
      return found ? toItem(found) : null;
    },
    async createFolder(access, { name, parentId, marker }) {
      const account = await accountOf(access);
      return create(account, { name, mimeType: FOLDER_MIME_TYPE, parents: [parentId], appProperties: markerOf(marker) }, null);
    },
    async upload(access, { name, parentId, mimeType, data, marker }) {
      const account = await accountOf(access);
      return create(account, { name, mimeType, parents: [parentId], appProperties: markerOf(marker) }, data);
    },
    async delete(access, id) {
      const account = await accountOf(access);
      const doc = await fileOf(account, id);
      if (!doc) throw new DriveNotFoundError('sandbox: not found');
      // A folder goes with everything in it, deepest first.
      const remove = async (fileId: string): Promise<void> => {
        for (const child of await children(account, fileId)) await remove(child._id.slice('file:'.length));
        await SandboxDrive.deleteOne({ _id: `file:${fileId}` });
        await SandboxDrive.deleteOne({ _id: `content:${fileId}` });
      };
      await remove(id);
    },
    async files(email) {
      const docs = await SandboxDrive.find({ kind: 'file', account: sandboxAccount(email) }, { content: 0 }).lean();
      return docs.map(toItem);
    },
  };
}

function markerOf(marker?: DriveMarker): Record<string, string> {
  return marker ? { [marker.key]: marker.value } : {};
}
