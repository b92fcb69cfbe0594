/**
 * Signing in to 'Mine tider' without a password (models/portal.ts). Three steps:
 *
 * 1. `requestPortalLink`: the client types their e-mail on a clinic's booking page. When the address is on clients of
 *    that clinic, one mail carries a single-use link per such record (15 minutes). The answer, its status and the
 *    work done are the same whatever the address: an unknown address writes an unreachable, already expired link
 *    (the sweeper removes it) instead of a live one, and the mail goes after the answer, within the per-recipient caps.
 * 2. `portalSignIn`: the link's token is used up by one findOneAndDelete (two clicks: one session) and exchanged for a
 *    portal session: its token goes to the browser, its SHA-256 is the session's `_id`.
 * 3. `openPortal`: every other portal action starts here. A session is one client record of one clinic; it ends 30
 *    minutes after its last use, on sign-out, and when the client is gone. From here on, portal code reads and writes
 *    through the clinic's scoped data and names the client itself: `portal.clientId` on every query.
 *
 * Unknown, used, expired and ended all answer 401 with one text each, never saying which of them it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { portalMessages, type ParsedInput } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import { portalLinkMail } from '../../adapters/mail/templates.js';
import type { PublicContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { UnauthorizedError } from '../../errors.js';
import type { ClientDoc, CompanyDoc, TherapistDoc } from '../../models/index.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { publicTherapist } from '../online-booking/public-therapist.js';

export const PORTAL_LINK_TTL_MS = 15 * 60_000;
export const PORTAL_IDLE_MS = 30 * 60_000;
/** A session's last use is written at most this often (a page load makes several calls). */
const TOUCH_EVERY_MS = 60_000;
/** Records with one address that get a link each (a family on one address); more are not mailed. */
const MAX_RECORDS_PER_MAIL = 5;

function digest(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address of the portal page a link opens; the token rides in the fragment, so it is in no server log or Referer. */
export function portalUrl(appUrl: string, therapistId: Types.ObjectId | string, fragment: Record<string, string> = {}): string {
  const hash = new URLSearchParams(fragment).toString();
  return `${appUrl}/MineTider?therapistId=${therapistId.toString()}${hash ? `#${hash}` : ''}`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The clinic's clients with this address, compared without case (the address as the client once typed it). */
export async function clientsWithEmail(db: TenantDb, email: string): Promise<ClientDoc[]> {
  const address = email.trim();
  if (!address) return [];
  return db
    .clinic('public-page')
    .Client.find({ email: { $regex: `^${escapeRegex(address)}$`, $options: 'i' } })
    .sort({ _id: 1 })
    .limit(MAX_RECORDS_PER_MAIL)
    .lean();
}

/**
 * Writes a single-use link of `purpose` for a client; answers the raw token for the mail. A new 'email' link replaces
 * the client's earlier ones: only the address typed last can be confirmed (a mistyped one's owner cannot).
 */
export async function issuePortalLink(
  ctx: PublicContext,
  link: { purpose: 'signIn' | 'email'; companyId: Types.ObjectId; clientId: Types.ObjectId; therapistId: Types.ObjectId; newEmail?: string },
): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  if (link.purpose === 'email') await ctx.platform.PortalLink.deleteMany({ purpose: 'email', companyId: link.companyId, clientId: link.clientId });
  await ctx.platform.PortalLink.create({ _id: digest(token), ...link, expiresAt: now + PORTAL_LINK_TTL_MS, createdAt: now });
  return token;
}

/** The same write as a link, unreachable and already expired: an unknown address costs what a known one does. */
async function issueNoPortalLink(ctx: PublicContext, companyId: Types.ObjectId, therapistId: Types.ObjectId): Promise<void> {
  const now = ctx.now();
  await ctx.platform.PortalLink.create({ _id: digest(newToken()), purpose: 'signIn', companyId, clientId: new Types.ObjectId(), therapistId, expiresAt: now, createdAt: now });
}

export async function requestPortalLink(ctx: PublicContext, { therapistId, email }: ParsedInput<'requestClientPortalLink'>): Promise<void> {
  const page = await publicTherapist(ctx, therapistId);
  const { company, therapist, db } = page;
  const clients = await clientsWithEmail(db, email);
  if (clients.length === 0) {
    await issueNoPortalLink(ctx, company._id, therapist._id);
    return;
  }
  const links = [];
  for (const client of clients) {
    const token = await issuePortalLink(ctx, { purpose: 'signIn', companyId: company._id, clientId: client._id, therapistId: therapist._id });
    links.push({ name: client.nameFirst, link: portalUrl(ctx.services.config.appUrl, therapist._id, { link: token }) });
  }
  const message = portalLinkMail(email, { clinicName: company.companyName, links, validMinutes: PORTAL_LINK_TTL_MS / 60_000 });
  // After the answer: the caps, the budget and the SMTP server's time stay out of what the caller can measure.
  void (async () => {
    if (await mayMailPublicRecipient(ctx.services, company, email, ctx.now(), 'portal link')) await sendNotice(ctx.services, message, 'portal link');
  })().catch((error: unknown) => ctx.services.logger.error({ err: error }, 'portal link mail failed'));
}

/** Uses up a link of `purpose`; null when unknown, used or expired (all alike to the caller). */
export async function consumePortalLink(ctx: PublicContext, purpose: 'signIn' | 'email', rawToken: string) {
  const link = await ctx.platform.PortalLink.findOneAndDelete({ _id: digest(rawToken), purpose }).lean();
  if (!link || link.expiresAt <= ctx.now()) return null;
  return link;
}

export async function portalSignIn(ctx: PublicContext, rawToken: string): Promise<{ portalToken: string; expiresIn: number; therapistId: string }> {
  const link = await consumePortalLink(ctx, 'signIn', rawToken);
  if (!link) throw new UnauthorizedError(portalMessages.linkInvalid);
  const portalToken = newToken();
  const now = ctx.now();
  await ctx.platform.PortalSession.create({ _id: digest(portalToken), companyId: link.companyId, clientId: link.clientId, therapistId: link.therapistId, lastUsedAt: now, createdAt: now });
  return { portalToken, expiresIn: PORTAL_IDLE_MS / 1000, therapistId: link.therapistId.toString() };
}

/** A signed-in client: who, in which clinic, and the clinic's data. Every query of portal code names `clientId`. */
export interface Portal {
  sessionId: string;
  clientId: Types.ObjectId;
  client: ClientDoc;
  company: CompanyDoc;
  /** The booking page the client came from (its rule and its therapist are the portal's defaults). */
  therapist: TherapistDoc;
  /** The clinic's data without a viewer (as a public page's): portal code filters by `clientId` itself. */
  db: TenantDb;
}

export async function openPortal(ctx: PublicContext, rawToken: string): Promise<Portal> {
  const sessionId = digest(rawToken);
  const now = ctx.now();
  const session = await ctx.platform.PortalSession.findOne({ _id: sessionId }).lean();
  if (!session || session.lastUsedAt + PORTAL_IDLE_MS <= now) {
    if (session) await ctx.platform.PortalSession.deleteOne({ _id: sessionId });
    throw new UnauthorizedError(portalMessages.signedOut);
  }
  const company = await ctx.platform.Company.findById(session.companyId).lean();
  if (!company || company.isDisabled || company.deletedAt) throw new UnauthorizedError(portalMessages.signedOut);
  const db = ctx.tenant(company._id);
  const [client, therapist] = await Promise.all([
    db.clinic('public-page').Client.findOne({ _id: session.clientId }).lean(),
    db.Therapist.findOne({ _id: session.therapistId }).lean(),
  ]);
  if (!client || !therapist) {
    await ctx.platform.PortalSession.deleteOne({ _id: sessionId });
    throw new UnauthorizedError(portalMessages.signedOut);
  }
  if (now - session.lastUsedAt >= TOUCH_EVERY_MS) {
    await ctx.platform.PortalSession.updateOne({ _id: sessionId }, { $set: { lastUsedAt: now } });
  }
  return { sessionId, clientId: client._id, client, company, therapist, db };
}

/** The new address a client typed that waits for its confirmation link (a live 'email' link), or ''. */
export async function pendingPortalEmail(ctx: PublicContext, portal: Pick<Portal, 'company' | 'clientId'>): Promise<string> {
  const link = await ctx.platform.PortalLink.findOne({ purpose: 'email', companyId: portal.company._id, clientId: portal.clientId, expiresAt: { $gt: ctx.now() } }, { newEmail: 1 })
    .sort({ createdAt: -1 })
    .lean();
  return link?.newEmail ?? '';
}

export async function portalSignOut(ctx: PublicContext, rawToken: string): Promise<void> {
  await ctx.platform.PortalSession.deleteOne({ _id: digest(rawToken) });
}

/** Ends every portal session and link of a client (erased, merged away, or its e-mail changed by the clinic). */
export async function endPortalSessions(platform: PublicContext['platform'], companyId: Types.ObjectId, clientId: Types.ObjectId): Promise<void> {
  await platform.PortalSession.deleteMany({ companyId, clientId });
  await platform.PortalLink.deleteMany({ companyId, clientId });
}

/** Removes links and sessions that no longer work (the sweeper). */
export async function sweepPortal(platform: PublicContext['platform'], now: number): Promise<number> {
  const links = await platform.PortalLink.deleteMany({ expiresAt: { $lte: now } });
  const sessions = await platform.PortalSession.deleteMany({ lastUsedAt: { $lte: now - PORTAL_IDLE_MS } });
  return links.deletedCount + sessions.deletedCount;
}
