/**
 * Signing a therapist in to their drive and keeping the connection (spec 2 Images 'Drive', §8 Drive
 * messages; spec 3 'Cloud-drive access not granted').
 *
 * Per therapist, not per clinic: each therapist signs in with their own Google account, as the spec's 'signed in /
 * signed out' and 'sign in again with same account' describe, and what one therapist's drive holds is shown only to
 * that therapist. A clinic-wide drive would show every therapist the copies of their colleagues' clients' images,
 * which the clinic's own rule (a therapist who is not the owner sees their own clients) forbids.
 *
 * The tokens never leave the server: stored encrypted (models/drive.ts), never in an answer, never logged. Everything
 * but the status and signing out needs the clinic's cloud-drive add-on (403 'Cloud drev-tilføjelsen er ikke aktiv…').
 */
import { createHash } from 'node:crypto';
import { DRIVE_FOLDER_NAME, DRIVE_SCOPE, driveMessages, type DriveStatus, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError, NotFoundError, ConflictError, ServiceUnavailableError, ValidationError } from '../../errors.js';
import type { DriveConnectionDoc } from '../../models/index.js';
import {
  DriveAccessError,
  DriveGrantError,
  DriveNotFoundError,
  DriveQuotaError,
  DriveUnavailableError,
  type DriveItemWire,
  type DriveMarker,
  type DriveProvider,
} from '../../adapters/drive/provider.js';

/** The OAuth state's provider name: a drive state is never an accounting state. */
const PROVIDER = 'drive';

/** A connection that holds its tokens (signed in). */
export type LiveConnection = DriveConnectionDoc & { refreshToken: string; folderId: string };

const ownFilter = (ctx: TherapistContext) => ({ _id: ctx.therapistId, therapistId: ctx.therapist._id });
const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');
/** The private mark of the clinic's folder, so a second sign-in with the same account finds it again. */
export const folderMarker = (ctx: TherapistContext): DriveMarker => ({ key: 'klinikCompany', value: ctx.companyId });

export async function ownConnection(ctx: TherapistContext): Promise<DriveConnectionDoc | null> {
  return ctx.db.DriveConnection.findOne(ownFilter(ctx)).lean();
}

function isLive(connection: DriveConnectionDoc | null): connection is LiveConnection {
  return Boolean(connection?.refreshToken && connection.folderId);
}

/** The add-on on, and a drive configured: what every action but the status and signing out needs. */
export async function requireDrive(ctx: TherapistContext): Promise<void> {
  const company = await ctx.db.Company.findById(ctx.db.companyId, { driveAddOnActive: 1 }).lean();
  if (!company?.driveAddOnActive) throw new ForbiddenError(driveMessages.addOnInactive);
  if (ctx.services.drive.kind === 'none') throw new ServiceUnavailableError(driveMessages.notConfigured);
}

/** Signed in, or 409 'Du er ikke logget ind på Google Drive.' (409 with the spec's alert when access was lost). */
export async function requireConnection(ctx: TherapistContext): Promise<LiveConnection> {
  await requireDrive(ctx);
  const connection = await ownConnection(ctx);
  if (!isLive(connection)) throw new ConflictError(connection?.accessLostAt ? driveMessages.accessRequired : driveMessages.notConnected);
  return connection;
}

/**
 * Access was refused (revoked in the account, or the drive permission taken away): the therapist is signed out of the
 * drive (the tokens go, both switches go off) and the record keeps only that access was lost, for the spec's alert.
 */
export async function loseAccess(ctx: TherapistContext, reason: string): Promise<void> {
  ctx.services.logger.warn({ reason }, 'drive: access lost, signed out');
  await ctx.db.DriveConnection.updateOne(ownFilter(ctx), {
    $set: { refreshToken: null, accessToken: null, accessTokenExpiresAt: null, uploadClientProfile: false, uploadJournalImage: false, accessLostAt: ctx.now() },
  });
}

/** A provider's failure as the typed error the endpoint answers (the grant errors are handled by `withDrive`). */
export function asDomainError(error: unknown): unknown {
  if (error instanceof DriveNotFoundError) return new NotFoundError(driveMessages.notFound);
  if (error instanceof DriveQuotaError) return new ConflictError(driveMessages.driveFull);
  if (error instanceof DriveUnavailableError) return new ServiceUnavailableError(driveMessages.unavailable);
  return error;
}

async function accessToken(ctx: TherapistContext, connection: LiveConnection, forceRefresh: boolean): Promise<string> {
  if (!forceRefresh && connection.accessToken && (connection.accessTokenExpiresAt ?? 0) > ctx.now() + 60_000) return connection.accessToken;
  const fresh = await ctx.services.drive.refresh(connection.refreshToken);
  const update: Record<string, unknown> = { accessToken: fresh.accessToken, accessTokenExpiresAt: fresh.expiresAt };
  if (fresh.refreshToken) update.refreshToken = fresh.refreshToken;
  await ctx.db.DriveConnection.updateOne(ownFilter(ctx), { $set: update });
  connection.accessToken = fresh.accessToken;
  connection.accessTokenExpiresAt = fresh.expiresAt;
  if (fresh.refreshToken) connection.refreshToken = fresh.refreshToken;
  return fresh.accessToken;
}

/**
 * Runs `work` with a valid access token: a kept token that is refused is refreshed once; a refresh token or a
 * permission that no longer works signs the therapist out of the drive and answers the spec's alert (403).
 */
export async function withDrive<T>(ctx: TherapistContext, connection: LiveConnection, work: (access: string, drive: DriveProvider) => Promise<T>): Promise<T> {
  const drive = ctx.services.drive;
  try {
    const kept = Boolean(connection.accessToken && (connection.accessTokenExpiresAt ?? 0) > ctx.now() + 60_000);
    try {
      return await work(await accessToken(ctx, connection, false), drive);
    } catch (error) {
      if (!(error instanceof DriveGrantError) || !kept) throw error;
      return await work(await accessToken(ctx, connection, true), drive);
    }
  } catch (error) {
    if (error instanceof DriveGrantError || error instanceof DriveAccessError) {
      await loseAccess(ctx, error.name);
      throw new ForbiddenError(driveMessages.accessRequired);
    }
    throw asDomainError(error);
  }
}

export async function driveStatus(ctx: TherapistContext): Promise<DriveStatus> {
  const [company, connection, copiedImages] = await Promise.all([
    ctx.db.Company.findById(ctx.db.companyId, { driveAddOnActive: 1 }).lean(),
    ownConnection(ctx),
    ctx.db.Image.countDocuments({ therapistId: ctx.therapist._id, status: 'ready', googleFileId: { $ne: null } }),
  ]);
  const connected = isLive(connection);
  return {
    addOnActive: company?.driveAddOnActive === true,
    configured: ctx.services.drive.kind !== 'none',
    provider: ctx.services.drive.kind,
    connected,
    account: connected ? (connection.account ?? null) : null,
    uploadClientProfile: connected && connection.uploadClientProfile === true,
    uploadJournalImage: connected && connection.uploadJournalImage === true,
    accessLost: !connected && Boolean(connection?.accessLostAt),
    lastCopyError: connected ? (connection.lastCopyError ?? null) : null,
    lastCopyErrorAt: connected ? (connection.lastCopyErrorAt ?? null) : null,
    copiedImages,
  };
}

export async function connectUrl(ctx: TherapistContext): Promise<string> {
  await requireDrive(ctx);
  // Bound to the session that asked: the therapist's token version moves on logout and password change.
  const state = ctx.services.oauthStates.sign(
    { provider: PROVIDER, companyId: ctx.companyId, therapistId: ctx.therapistId, sessionVersion: ctx.therapist.tokenVersion ?? 0, data: {} },
    ctx.now(),
  );
  try {
    return ctx.services.drive.consentUrl({ state, redirectUri: ctx.services.config.driveRedirectUri, origin: ctx.origin });
  } catch (error) {
    throw asDomainError(error);
  }
}

/** The clinic's folder on this drive: the one marked with the clinic, else a new one ('Klinik'). */
export async function findOrMakeFolder(ctx: TherapistContext, access: string): Promise<DriveItemWire> {
  const drive = ctx.services.drive;
  const marker = folderMarker(ctx);
  return (await drive.findFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root', marker })) ?? drive.createFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root', marker });
}

/**
 * The return page: the state must be this clinic's, therapist's and session's, signed, fresh and not used with another
 * code (security/oauth/state.ts); the code is exchanged once (a reload of the page finds this connection made with it
 * and answers it again). A grant without the drive permission is 'access not granted': signed out, with the spec's
 * alert.
 */
export async function connect(ctx: TherapistContext, input: ParsedInput<'connectGoogleDrive'>): Promise<DriveStatus> {
  const caller = { companyId: ctx.companyId, therapistId: ctx.therapistId, sessionVersion: ctx.therapist.tokenVersion ?? 0 };
  const state = await ctx.services.oauthStates.accept({ provider: PROVIDER, token: input.state, code: input.code, now: ctx.now(), caller });
  if (typeof state === 'string') throw new ForbiddenError(driveMessages.stateInvalid);
  await requireDrive(ctx);
  const digest = codeHash(input.code);
  const existing = await ownConnection(ctx);
  if (isLive(existing) && existing.codeHash === digest) return driveStatus(ctx);

  const drive = ctx.services.drive;
  let tokens;
  try {
    tokens = await drive.exchangeCode(input.code, ctx.services.config.driveRedirectUri);
  } catch (error) {
    if (error instanceof DriveGrantError || error instanceof DriveAccessError) throw new ValidationError(driveMessages.signInFailed);
    throw asDomainError(error);
  }
  const revoke = () => drive.revoke(tokens.refreshToken ?? tokens.accessToken).catch((error: unknown) => ctx.services.logger.warn({ err: (error as Error).name }, 'drive: revoke failed'));
  if (!tokens.scopes.includes(DRIVE_SCOPE) || !tokens.refreshToken) {
    await revoke();
    await ctx.db.DriveConnection.updateOne(ownFilter(ctx), {
      $set: { refreshToken: null, accessToken: null, accessTokenExpiresAt: null, uploadClientProfile: false, uploadJournalImage: false, accessLostAt: ctx.now() },
    }, { upsert: true });
    throw new ForbiddenError(driveMessages.accessRequired);
  }
  let about;
  let folder;
  try {
    about = await drive.about(tokens.accessToken);
    folder = await findOrMakeFolder(ctx, tokens.accessToken);
  } catch (error) {
    await revoke();
    if (error instanceof DriveGrantError || error instanceof DriveAccessError) throw new ForbiddenError(driveMessages.accessRequired);
    throw asDomainError(error);
  }
  // A second sign-in while signed in keeps the switches; a first one starts with both off (the record's defaults).
  await ctx.db.DriveConnection.updateOne(
    ownFilter(ctx),
    {
      $set: {
        account: about.emailAddress,
        refreshToken: tokens.refreshToken,
        accessToken: tokens.accessToken,
        accessTokenExpiresAt: tokens.expiresAt,
        folderId: folder.id,
        codeHash: digest,
        accessLostAt: null,
        lastCopyError: null,
        lastCopyErrorAt: null,
        connectedAt: ctx.now(),
      },
    },
    { upsert: true },
  );
  // A sign-in with another account leaves the old grant behind: end it.
  if (isLive(existing) && existing.refreshToken !== tokens.refreshToken) {
    await drive.revoke(existing.refreshToken).catch((error: unknown) => ctx.services.logger.warn({ err: (error as Error).name }, 'drive: revoke failed'));
  }
  return driveStatus(ctx);
}

/** Spec: 'signing out removes the upload flag'. The grant is revoked (best effort) and the record goes. */
export async function signOut(ctx: TherapistContext): Promise<void> {
  const connection = await ownConnection(ctx);
  await ctx.db.DriveConnection.deleteOne(ownFilter(ctx));
  if (connection?.refreshToken && ctx.services.drive.kind !== 'none') {
    await ctx.services.drive.revoke(connection.refreshToken).catch((error: unknown) => ctx.services.logger.warn({ err: (error as Error).name }, 'drive: revoke failed'));
  }
}

/** The spec's two switches; only while signed in. */
export async function setUploadFlag(ctx: TherapistContext, flag: 'uploadClientProfile' | 'uploadJournalImage', value: boolean): Promise<DriveStatus> {
  await requireConnection(ctx);
  await ctx.db.DriveConnection.updateOne(ownFilter(ctx), { $set: { [flag]: value } });
  return driveStatus(ctx);
}

/** A failed copy, kept for the panel (in Danish, without the drive's own text). */
export async function recordCopyFailure(ctx: TherapistContext, message: string): Promise<void> {
  await ctx.db.DriveConnection.updateOne(ownFilter(ctx), { $set: { lastCopyError: message, lastCopyErrorAt: ctx.now() } });
}

export { ownFilter as driveConnectionFilter };
