/**
 * A Google-shaped OAuth 2 and Drive v3 service for the production drive adapter's test (api/src/adapters/drive/google.ts):
 * a real HTTP server with Google's paths, shaped on Google's documented wire contract (not on Google's code).
 *
 * - GET /o/oauth2/v2/auth: the consent page, answered at once for the account `consentAs` names (302 back to the
 *   registered redirect address with `code`, `state` and `scope`; `error=access_denied` when told to refuse); an
 *   unknown client or an unregistered redirect address is refused as Google does (401 invalid_client, 400
 *   redirect_uri_mismatch). A refresh token comes only with `access_type=offline`.
 * - POST /token (form-encoded only): `authorization_code` (a code once, with the redirect address it was issued for)
 *   and `refresh_token` (no new refresh token, as Google); `{ error, error_description }` answers: 401 invalid_client,
 *   400 invalid_grant, 400 unsupported_grant_type, 400 invalid_request. POST /revoke (token=…): 200, 400 invalid_token.
 * - The Drive API under /drive/v3 and /upload/drive/v3: a Bearer token is required (401 `authError` with
 *   WWW-Authenticate otherwise, also for an expired or revoked one); without the drive.file scope 403
 *   `insufficientPermissions`. With drive.file the app sees only what it made (a file the user made elsewhere is 404).
 *   `fields` is honoured (unknown fields refused), about.get needs it; files.list takes only the q terms the product
 *   uses (anything else is 400 `invalidQuery`), checks pageSize, orderBy and spaces, pages with nextPageToken; files
 *   create is JSON only; the upload is uploadType=multipart only, with a multipart/related body parsed strictly (the
 *   JSON metadata part, then the media part, each with a Content-Type, closed by the final boundary); a full drive is
 *   403 `storageQuotaExceeded`; delete answers 204 and takes the folder's content with it. A wrong method is 405.
 *   Every error is Google's JSON error: `{ error: { code, message, errors: [{ message, domain, reason, … }], status } }`.
 *
 * Every request is recorded for the test to read.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocally } from './local-server.js';

export const GOOGLE_DOUBLE_CLIENT = { clientId: '1234567890-klinik.apps.googleusercontent.com', clientSecret: 'GOCSPX-test-secret' } as const;
export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
const FOLDER = 'application/vnd.google-apps.folder';

export interface GoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string;
  authorization: string;
  /** Form fields, parsed JSON, or the raw bytes of an upload. */
  body: unknown;
  /** The status the double answered. */
  status?: number;
}

export interface DoubleFile {
  id: string;
  account: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  trashed: boolean;
  createdTime: string;
  modifiedTime: string;
  data: Buffer | null;
  /** Made through this app (drive.file lets the app see only these). */
  byApp: boolean;
}

interface Grant {
  account: string;
  scopes: string[];
  refreshToken: string | null;
  revoked: boolean;
}
interface Access {
  grant: Grant;
  expired: boolean;
}

export interface GoogleDriveDouble {
  url: string;
  /** The GoogleDriveConfig addresses pointing at this double. */
  config: { clientId: string; clientSecret: string; authUrl: string; oauthUrl: string; apiUrl: string };
  requests: GoogleRequest[];
  files: Map<string, DoubleFile>;
  /** Who is signed in on the consent page next, with which scopes ticked; `deny` presses 'Cancel'. */
  consentAs(account: string, options?: { scopes?: string[]; deny?: boolean }): void;
  /** A code as the consent page would have sent back (no page visited). */
  issueCode(account: string, redirectUri: string, options?: { scopes?: string[]; offline?: boolean }): string;
  /** The account's storage: limit (undefined: unlimited) and what its other services use. */
  setQuota(account: string, quota: { limit?: number; otherUsage?: number }): void;
  /** The root folder id of an account's drive ('root' is its alias). */
  rootOf(account: string): string;
  /** A file the user made in Drive itself: the app may not see it. */
  addForeignFile(account: string, name: string): DoubleFile;
  /** Every access token of the account runs out (the refresh tokens still work). */
  expireAccessTokens(account: string): void;
  /** The user removed the app's access in their Google account: every token of the account stops working. */
  revokeAccount(account: string): void;
  /** Google may answer fewer items than pageSize with a nextPageToken: at most this many a page from now on. */
  setPageLimit(limit: number): void;
  /** The next request whose path starts with this answers this status (once), in Google's error format. */
  failNext(pathPrefix: string, status: number, reason?: string): void;
  close(): Promise<void>;
}

const STATUS: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

export function googleError(code: number, reason: string, message: string, extra: Record<string, string> = {}) {
  return { error: { code, message, errors: [{ message, domain: reason === 'storageQuotaExceeded' || reason === 'rateLimitExceeded' ? 'usageLimits' : 'global', reason, ...extra }], status: STATUS[code] ?? 'UNKNOWN' } };
}

class Refusal extends Error {
  constructor(readonly status: number, readonly body: unknown, readonly headers: Record<string, string> = {}) {
    super(`refused ${status}`);
  }
}
const refuse = (code: number, reason: string, message: string, extra?: Record<string, string>): never => {
  throw new Refusal(code, googleError(code, reason, message, extra));
};
const oauthRefuse = (status: number, error: string, description: string): never => {
  throw new Refusal(status, { error, error_description: description });
};

const id = (prefix = '') => `${prefix}${randomBytes(16).toString('base64url')}`;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `a,b(c,d),e` → [['a'], ['b', 'c,d'], ['e']]: Drive's partial-response selector, one level of nesting. */
function parseFields(fields: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  let depth = 0;
  let start = 0;
  const push = (part: string) => {
    const match = /^\s*([A-Za-z]+)\s*(?:\((.*)\))?\s*$/.exec(part);
    if (!match) refuse(400, 'invalidParameter', `Invalid field selection ${part}`, { location: 'fields', locationType: 'parameter' });
    out.set(match![1]!, match![2] ?? null);
  };
  for (let i = 0; i < fields.length; i++) {
    const char = fields[i];
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      push(fields.slice(start, i));
      start = i + 1;
    }
  }
  push(fields.slice(start));
  return out;
}

const FILE_FIELDS = new Set(['kind', 'id', 'name', 'mimeType', 'size', 'modifiedTime', 'createdTime', 'parents', 'trashed', 'appProperties']);

function fileResource(file: DoubleFile): Record<string, unknown> {
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    // int64 as a string, as Google answers it; folders have none.
    ...(file.data ? { size: String(file.data.length) } : {}),
    modifiedTime: file.modifiedTime,
    createdTime: file.createdTime,
    parents: file.parents,
    trashed: file.trashed,
    appProperties: file.appProperties,
  };
}

/** The file fields a selector names; an unknown one is refused (also when no file is answered). */
function fileFields(selector: string | null): string[] {
  const wanted = selector === null ? ['kind', 'id', 'name', 'mimeType'] : [...parseFields(selector).keys()];
  for (const name of wanted) if (!FILE_FIELDS.has(name)) refuse(400, 'invalidParameter', `Invalid field selection ${name}`, { location: 'fields', locationType: 'parameter' });
  return wanted;
}

/** A file with only the fields asked for; without `fields`, Drive v3's default (kind, id, name, mimeType). */
function project(file: DoubleFile, selector: string | null): Record<string, unknown> {
  const full = fileResource(file);
  const out: Record<string, unknown> = {};
  for (const name of fileFields(selector)) if (full[name] !== undefined) out[name] = full[name];
  return out;
}

/** A quoted value of Drive's query language at `text[at]`: `'…'` with `\'` and `\\`. */
function quoted(text: string, at: number): { value: string; end: number } | null {
  if (text[at] !== "'") return null;
  let value = '';
  for (let i = at + 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') {
      const next = text[i + 1];
      if (next !== "'" && next !== '\\') return null;
      value += next;
      i++;
    } else if (char === "'") {
      return { value, end: i + 1 };
    } else {
      value += char;
    }
  }
  return null;
}

type Term = { kind: 'inParents'; id: string } | { kind: 'trashed'; value: boolean } | { kind: 'name' | 'mimeType'; value: string } | { kind: 'appProperty'; key: string; value: string };

/** The q terms the product uses, joined by `and`; anything else is refused as Google refuses a query it cannot read. */
function parseQuery(q: string): Term[] {
  const terms: Term[] = [];
  let rest = q.trim();
  const invalid = (): never => refuse(400, 'invalid', 'Invalid Value', { location: 'q', locationType: 'parameter' });
  while (rest) {
    let match: RegExpExecArray | null;
    let consumed = 0;
    if ((match = /^trashed\s*=\s*(true|false)/.exec(rest))) {
      terms.push({ kind: 'trashed', value: match[1] === 'true' });
      consumed = match[0].length;
    } else if ((match = /^(name|mimeType)\s*=\s*/.exec(rest))) {
      const value = quoted(rest, match[0].length) ?? invalid();
      terms.push({ kind: match[1] as 'name' | 'mimeType', value: value.value });
      consumed = value.end;
    } else if (rest.startsWith("'")) {
      const value = quoted(rest, 0) ?? invalid();
      const tail = /^\s+in\s+parents/.exec(rest.slice(value.end)) ?? invalid();
      terms.push({ kind: 'inParents', id: value.value });
      consumed = value.end + tail[0].length;
    } else if ((match = /^appProperties\s+has\s*\{\s*key\s*=\s*/.exec(rest))) {
      const key = quoted(rest, match[0].length) ?? invalid();
      const middle = /^\s+and\s+value\s*=\s*/.exec(rest.slice(key.end)) ?? invalid();
      const value = quoted(rest, key.end + middle[0].length) ?? invalid();
      const close = /^\s*\}/.exec(rest.slice(value.end)) ?? invalid();
      terms.push({ kind: 'appProperty', key: key.value, value: value.value });
      consumed = value.end + close[0].length;
    } else {
      invalid();
    }
    rest = rest.slice(consumed);
    const and = /^\s+and\s+/.exec(rest);
    if (and) rest = rest.slice(and[0].length);
    else if (rest.trim()) invalid();
    else rest = '';
  }
  return terms;
}

interface Part {
  headers: Record<string, string>;
  content: Buffer;
}

/** A multipart/related body (RFC 2046/2387), strictly: the first delimiter at the start, CRLFs, the close delimiter. */
function parseMultipart(body: Buffer, boundary: string): Part[] {
  const malformed = (why: string): never => refuse(400, 'badContent', `Malformed multipart body: ${why}`);
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  if (!body.subarray(0, dash.length).equals(dash)) malformed('it does not start with the boundary');
  const parts: Part[] = [];
  let at = dash.length;
  for (;;) {
    if (body.subarray(at, at + 2).toString() === '--') break;
    if (body.subarray(at, at + 2).toString() !== '\r\n') malformed('no CRLF after a boundary');
    at += 2;
    const next = body.indexOf(delimiter, at);
    if (next < 0) malformed('no closing boundary');
    const raw = body.subarray(at, next);
    const headerEnd = raw.indexOf('\r\n\r\n');
    if (headerEnd < 0) malformed('a part without headers');
    const headers: Record<string, string> = {};
    for (const line of raw.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) malformed(`a bad header line "${line}"`);
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, content: raw.subarray(headerEnd + 4) });
    at = next + delimiter.length;
  }
  const epilogue = body.subarray(at + 2).toString();
  if (epilogue !== '' && epilogue !== '\r\n') malformed('data after the closing boundary');
  return parts;
}

export async function startGoogleDriveDouble(options: { redirectUris: string[] }): Promise<GoogleDriveDouble> {
  const requests: GoogleRequest[] = [];
  const files = new Map<string, DoubleFile>();
  const roots = new Map<string, string>();
  const quotas = new Map<string, { limit?: number; otherUsage: number }>();
  const codes = new Map<string, { grant: Grant; redirectUri: string }>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Access>();
  const failures: Array<{ prefix: string; status: number; reason: string }> = [];
  let consent: { account: string; scopes: string[]; deny: boolean } | null = null;
  let pageLimit = 1000;

  const rootOf = (account: string) => {
    let root = roots.get(account);
    if (!root) {
      root = id('0A');
      roots.set(account, root);
    }
    return root;
  };
  const stamp = () => new Date().toISOString();

  function newGrant(account: string, scopes: string[], offline: boolean): Grant {
    const grant: Grant = { account, scopes, refreshToken: offline ? id('1//0g') : null, revoked: false };
    if (grant.refreshToken) refreshTokens.set(grant.refreshToken, grant);
    return grant;
  }
  function newAccess(grant: Grant): string {
    const token = id('ya29.a0');
    accessTokens.set(token, { grant, expired: false });
    return token;
  }
  const tokenAnswer = (grant: Grant, withRefresh: boolean) => ({
    access_token: newAccess(grant),
    expires_in: 3599,
    ...(withRefresh && grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
    scope: grant.scopes.join(' '),
    token_type: 'Bearer',
  });

  function usage(account: string) {
    let inDrive = 0;
    let inTrash = 0;
    for (const file of files.values()) {
      if (file.account !== account || !file.data) continue;
      inDrive += file.data.length;
      if (file.trashed) inTrash += file.data.length;
    }
    const quota = quotas.get(account) ?? { limit: 15 * 1024 ** 3, otherUsage: 0 };
    return { limit: quota.limit, usage: inDrive + quota.otherUsage, inDrive, inTrash };
  }

  /** The file as the app sees it with drive.file: its own, of this account; else Google's 404. */
  function visible(account: string, fileId: string): DoubleFile {
    const resolved = fileId === 'root' ? rootOf(account) : fileId;
    const file = files.get(resolved);
    if (!file || file.account !== account || !file.byApp) refuse(404, 'notFound', `File not found: ${fileId}.`, { location: 'fileId', locationType: 'parameter' });
    return file!;
  }
  function parentFor(account: string, parents: unknown): string {
    if (parents === undefined) return rootOf(account);
    if (!Array.isArray(parents) || parents.length !== 1 || typeof parents[0] !== 'string') {
      return refuse(400, 'badRequest', 'A file must have exactly one parent.', { location: 'parents', locationType: 'other' });
    }
    const parentId = parents[0];
    if (parentId === 'root' || parentId === rootOf(account)) return rootOf(account);
    const parent = visible(account, parentId);
    if (parent.mimeType !== FOLDER) refuse(400, 'badRequest', 'The parent is not a folder.');
    return parent.id;
  }
  function metadataOf(value: unknown): { name: string; mimeType?: string; parents?: unknown; appProperties: Record<string, string> } {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return refuse(400, 'parseError', 'Parse Error');
    const { name, mimeType, parents, appProperties, ...rest } = value as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown) refuse(400, 'badRequest', `Invalid field: ${unknown}`);
    if (name !== undefined && typeof name !== 'string') refuse(400, 'invalid', 'Invalid value for name');
    if (mimeType !== undefined && typeof mimeType !== 'string') refuse(400, 'invalid', 'Invalid value for mimeType');
    if (appProperties !== undefined && (typeof appProperties !== 'object' || appProperties === null || Object.values(appProperties).some((v) => typeof v !== 'string'))) {
      refuse(400, 'invalid', 'Invalid value for appProperties');
    }
    return { name: (name as string | undefined) ?? 'Untitled', mimeType: mimeType as string | undefined, parents, appProperties: (appProperties as Record<string, string> | undefined) ?? {} };
  }
  function allowMethods(method: string, ...allowed: string[]) {
    if (!allowed.includes(method)) refuse(405, 'methodNotAllowed', `Method ${method} is not allowed here.`);
  }
  function requireJson(contentType: string) {
    if (!/^application\/json(;|$)/i.test(contentType)) refuse(400, 'badContent', `Unsupported content with type: ${contentType || 'none'}`);
  }

  async function oauth(request: IncomingMessage, entry: GoogleRequest, url: URL): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    if (entry.path === '/o/oauth2/v2/auth') {
      allowMethods(entry.method, 'GET');
      const query = entry.query;
      if (query.client_id !== GOOGLE_DOUBLE_CLIENT.clientId) return { status: 401, body: 'Error 401: invalid_client' };
      if (!query.redirect_uri || !options.redirectUris.includes(query.redirect_uri)) return { status: 400, body: 'Error 400: redirect_uri_mismatch' };
      const back = new URL(query.redirect_uri);
      if (query.state !== undefined) back.searchParams.set('state', query.state);
      if (query.response_type !== 'code' || !query.scope) {
        back.searchParams.set('error', 'invalid_request');
        return { status: 302, body: '', headers: { location: back.toString() } };
      }
      const asked = query.scope.split(' ');
      const current = consent;
      consent = null;
      if (!current || current.deny) {
        back.searchParams.set('error', 'access_denied');
        return { status: 302, body: '', headers: { location: back.toString() } };
      }
      // Granular consent: the user may untick a scope; include_granted_scopes adds what was granted before.
      const scopes = current.scopes.filter((scope) => asked.includes(scope) || query.include_granted_scopes === 'true');
      const code = id('4/0A');
      codes.set(code, { grant: newGrant(current.account, scopes, query.access_type === 'offline'), redirectUri: query.redirect_uri });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scopes.join(' '));
      return { status: 302, body: '', headers: { location: back.toString() } };
    }

    allowMethods(entry.method, 'POST');
    if (!/^application\/x-www-form-urlencoded(;|$)/i.test(entry.contentType)) oauthRefuse(400, 'invalid_request', 'Invalid content type');
    const form = entry.body as Record<string, string>;
    if (entry.path === '/revoke') {
      const token = form.token ?? url.searchParams.get('token') ?? '';
      const grant = refreshTokens.get(token) ?? accessTokens.get(token)?.grant;
      if (!grant || grant.revoked) oauthRefuse(400, 'invalid_token', 'Token expired or revoked');
      grant!.revoked = true;
      return { status: 200, body: {} };
    }
    if (form.client_id !== GOOGLE_DOUBLE_CLIENT.clientId || form.client_secret !== GOOGLE_DOUBLE_CLIENT.clientSecret) oauthRefuse(401, 'invalid_client', 'Unauthorized');
    void request;
    if (form.grant_type === 'authorization_code') {
      if (!form.code || !form.redirect_uri) oauthRefuse(400, 'invalid_request', 'Missing required parameter: code or redirect_uri');
      const issued = codes.get(form.code!);
      codes.delete(form.code!);
      if (!issued) oauthRefuse(400, 'invalid_grant', 'Malformed auth code.');
      if (issued!.redirectUri !== form.redirect_uri) oauthRefuse(400, 'redirect_uri_mismatch', 'Bad Request');
      return { status: 200, body: tokenAnswer(issued!.grant, true) };
    }
    if (form.grant_type === 'refresh_token') {
      const grant = refreshTokens.get(form.refresh_token ?? '');
      if (!grant || grant.revoked) oauthRefuse(400, 'invalid_grant', 'Token has been expired or revoked.');
      return { status: 200, body: tokenAnswer(grant!, false) };
    }
    return oauthRefuse(400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  }

  function drive(entry: GoogleRequest, raw: Buffer): { status: number; body: unknown; headers?: Record<string, string> } {
    const bearer = /^Bearer (\S+)$/.exec(entry.authorization)?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.expired || access.grant.revoked) {
      throw new Refusal(
        401,
        googleError(401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', { location: 'Authorization', locationType: 'header' }),
        { 'www-authenticate': bearer ? 'Bearer realm="https://accounts.google.com/", error="invalid_token"' : 'Bearer realm="https://accounts.google.com/"' },
      );
    }
    const account = access.grant.account;
    if (!access.grant.scopes.includes(DRIVE_FILE_SCOPE)) refuse(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    const query = entry.query;
    const fields = query.fields ?? null;

    if (entry.path === '/drive/v3/about') {
      allowMethods(entry.method, 'GET');
      if (!fields) refuse(400, 'required', "The 'fields' parameter is required for this method.", { location: 'fields', locationType: 'parameter' });
      const wanted = parseFields(fields!);
      const { limit, usage: total, inDrive, inTrash } = usage(account);
      const about: Record<string, unknown> = {};
      for (const [name, sub] of wanted) {
        if (name === 'storageQuota') about.storageQuota = { ...(limit !== undefined ? { limit: String(limit) } : {}), usage: String(total), usageInDrive: String(inDrive), usageInDriveTrash: String(inTrash) };
        else if (name === 'user') about.user = sub === 'emailAddress' ? { emailAddress: account } : { kind: 'drive#user', displayName: account.split('@')[0], emailAddress: account, me: true };
        else refuse(400, 'invalidParameter', `Invalid field selection ${name}`, { location: 'fields', locationType: 'parameter' });
      }
      return { status: 200, body: about };
    }

    if (entry.path === '/drive/v3/files') {
      allowMethods(entry.method, 'GET', 'POST');
      if (entry.method === 'POST') {
        requireJson(entry.contentType);
        const metadata = metadataOf(entry.body);
        const parent = parentFor(account, metadata.parents);
        const now = stamp();
        const file: DoubleFile = { id: id('1'), account, name: metadata.name, mimeType: metadata.mimeType ?? 'application/octet-stream', parents: [parent], appProperties: metadata.appProperties, trashed: false, createdTime: now, modifiedTime: now, data: metadata.mimeType === FOLDER ? null : Buffer.alloc(0), byApp: true };
        files.set(file.id, file);
        return { status: 200, body: project(file, fields) };
      }
      const pageSize = query.pageSize === undefined ? 100 : Number(query.pageSize);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) refuse(400, 'invalid', `Invalid value '${query.pageSize}'. Values must be within the range: [1, 1000]`, { location: 'pageSize', locationType: 'parameter' });
      if (query.spaces !== undefined && query.spaces !== 'drive') refuse(400, 'invalid', 'Invalid Value', { location: 'spaces', locationType: 'parameter' });
      const order = (query.orderBy ?? '').split(',').map((key) => key.trim()).filter(Boolean);
      if (order.some((key) => !['folder', 'name', 'modifiedTime', 'createdTime'].includes(key.replace(/ desc$/, '')))) refuse(400, 'invalid', 'Invalid Value', { location: 'orderBy', locationType: 'parameter' });
      const terms = parseQuery(query.q ?? '');
      const matches = [...files.values()].filter((file) => file.account === account && file.byApp && file.id !== rootOf(account)).filter((file) => terms.every((term) => {
        if (term.kind === 'inParents') return file.parents.includes(term.id === 'root' ? rootOf(account) : term.id);
        if (term.kind === 'trashed') return file.trashed === term.value;
        if (term.kind === 'appProperty') return file.appProperties[term.key] === term.value;
        return file[term.kind] === term.value;
      }));
      matches.sort((a, b) => {
        for (const key of order) {
          const diff = key === 'folder' ? Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER) : key === 'name' ? a.name.localeCompare(b.name) : 0;
          if (diff) return diff;
        }
        return 0;
      });
      const offset = query.pageToken ? Number(Buffer.from(query.pageToken, 'base64url').toString()) : 0;
      if (!Number.isInteger(offset) || offset < 0) refuse(400, 'invalid', 'Invalid Value', { location: 'pageToken', locationType: 'parameter' });
      const size = Math.min(pageSize, pageLimit);
      const page = matches.slice(offset, offset + size);
      const next = offset + size < matches.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
      const wanted = fields === null ? new Map<string, string | null>([['kind', null], ['incompleteSearch', null], ['files', null]]) : parseFields(fields);
      if (wanted.has('files')) fileFields(wanted.get('files') ?? null);
      const list: Record<string, unknown> = {};
      for (const [name, sub] of wanted) {
        if (name === 'files') list.files = page.map((file) => project(file, sub));
        else if (name === 'nextPageToken') {
          if (next) list.nextPageToken = next;
        } else if (name === 'kind') list.kind = 'drive#fileList';
        else if (name === 'incompleteSearch') list.incompleteSearch = false;
        else refuse(400, 'invalidParameter', `Invalid field selection ${name}`, { location: 'fields', locationType: 'parameter' });
      }
      return { status: 200, body: list };
    }

    const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(entry.path);
    if (one) {
      allowMethods(entry.method, 'GET', 'DELETE');
      const file = visible(account, decodeURIComponent(one[1]!));
      if (entry.method === 'GET') return { status: 200, body: project(file, fields) };
      const doomed = [file.id];
      for (let i = 0; i < doomed.length; i++) for (const child of files.values()) if (child.parents.includes(doomed[i]!)) doomed.push(child.id);
      for (const gone of doomed) files.delete(gone);
      return { status: 204, body: null };
    }

    if (entry.path === '/upload/drive/v3/files') {
      allowMethods(entry.method, 'POST');
      if (query.uploadType !== 'multipart') refuse(400, 'invalid', `Invalid upload type: ${query.uploadType ?? 'none'}`, { location: 'uploadType', locationType: 'parameter' });
      const type = /^multipart\/related\s*;\s*boundary=("?)([^";]+)\1\s*$/i.exec(entry.contentType);
      if (!type) refuse(400, 'badContent', `Unsupported content with type: ${entry.contentType || 'none'}`);
      const parts = parseMultipart(raw, type![2]!);
      if (parts.length !== 2) refuse(400, 'badContent', `Expected 2 parts (metadata and media), got ${parts.length}`);
      const [meta, media] = parts as [Part, Part];
      if (!/^application\/json(;|$)/i.test(meta.headers['content-type'] ?? '')) refuse(400, 'badContent', 'The metadata part must be application/json');
      if (!media.headers['content-type']) refuse(400, 'badContent', 'The media part needs a Content-Type');
      let parsed: unknown;
      try {
        parsed = JSON.parse(meta.content.toString('utf8'));
      } catch {
        refuse(400, 'parseError', 'Parse Error');
      }
      const metadata = metadataOf(parsed);
      const parent = parentFor(account, metadata.parents);
      const { limit, usage: total } = usage(account);
      if (limit !== undefined && total + media.content.length > limit) refuse(403, 'storageQuotaExceeded', "The user's Drive storage quota has been exceeded.");
      const now = stamp();
      const file: DoubleFile = { id: id('1'), account, name: metadata.name, mimeType: metadata.mimeType ?? media.headers['content-type']!, parents: [parent], appProperties: metadata.appProperties, trashed: false, createdTime: now, modifiedTime: now, data: Buffer.from(media.content), byApp: true };
      files.set(file.id, file);
      return { status: 200, body: project(file, fields) };
    }
    return refuse(404, 'notFound', 'Not Found');
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const raw = await readBody(request);
      const contentType = request.headers['content-type'] ?? '';
      let body: unknown = raw.length ? raw : null;
      if (/x-www-form-urlencoded/i.test(contentType)) body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
      const entry: GoogleRequest = { method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), contentType, authorization: request.headers.authorization ?? '', body };
      requests.push(entry);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        entry.status = status;
        if (status === 204 || payload === '') {
          response.writeHead(status, headers);
          return response.end();
        }
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        response.writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=UTF-8', ...headers });
        response.end(text);
      };
      try {
        if (/^application\/json/i.test(contentType) && raw.length) {
          try {
            entry.body = JSON.parse(raw.toString('utf8'));
          } catch {
            refuse(400, 'parseError', 'Parse Error');
          }
        }
        const failure = failures.findIndex((candidate) => entry.path.startsWith(candidate.prefix));
        if (failure >= 0) {
          const [removed] = failures.splice(failure, 1);
          return send(removed!.status, googleError(removed!.status, removed!.reason, 'refused by the double'));
        }
        const answer = entry.path.startsWith('/o/oauth2/') || entry.path === '/token' || entry.path === '/revoke' ? await oauth(request, entry, url) : drive(entry, raw);
        send(answer.status, answer.body, answer.headers);
      } catch (error) {
        if (error instanceof Refusal) return send(error.status, error.body, error.headers);
        throw error;
      }
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(googleError(500, 'internalError', String(error))));
    });
  });
  const url = await listenLocally(server);

  return {
    url,
    config: { ...GOOGLE_DOUBLE_CLIENT, authUrl: `${url}/o/oauth2/v2/auth`, oauthUrl: url, apiUrl: url },
    requests,
    files,
    consentAs(account, { scopes = [DRIVE_FILE_SCOPE], deny = false } = {}) {
      consent = { account, scopes, deny };
    },
    issueCode(account, redirectUri, { scopes = [DRIVE_FILE_SCOPE], offline = true } = {}) {
      const code = id('4/0A');
      codes.set(code, { grant: newGrant(account, scopes, offline), redirectUri });
      return code;
    },
    setQuota(account, { limit, otherUsage = 0 }) {
      quotas.set(account, { limit, otherUsage });
    },
    rootOf,
    addForeignFile(account, name) {
      const now = stamp();
      const file: DoubleFile = { id: id('1'), account, name, mimeType: 'text/plain', parents: [rootOf(account)], appProperties: {}, trashed: false, createdTime: now, modifiedTime: now, data: Buffer.from('not for the app'), byApp: false };
      files.set(file.id, file);
      return file;
    },
    expireAccessTokens(account) {
      for (const access of accessTokens.values()) if (access.grant.account === account) access.expired = true;
    },
    revokeAccount(account) {
      for (const grant of refreshTokens.values()) if (grant.account === account) grant.revoked = true;
      for (const access of accessTokens.values()) if (access.grant.account === account) access.grant.revoked = true;
    },
    setPageLimit(limit) {
      pageLimit = limit;
    },
    failNext(prefix, status, reason = status === 429 ? 'rateLimitExceeded' : 'backendError') {
      failures.push({ prefix, status, reason });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
