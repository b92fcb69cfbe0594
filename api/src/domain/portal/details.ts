/**
 * A client corrects their own contact details in 'Mine tider'. Phone and address apply at once (with a line in the
 * client's history, as a therapist's change has). A new e-mail does not: the sign-in links go to it from then on, so
 * it applies only once its owner opens a single-use link (15 minutes) mailed to it; until then it is 'pending'. Name
 * and CPR number are not in the contract's input at all: only the clinic changes them.
 */
import { randomUUID } from 'node:crypto';
import type { Types } from 'mongoose';
import { portalMessages, type ClientPortal, type ParsedInput } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import { portalEmailConfirmMail } from '../../adapters/mail/templates.js';
import type { PublicContext } from '../../context.js';
import { revisionDocument, type FieldChange } from '../../data/concurrency/versioned-save.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { UnauthorizedError } from '../../errors.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { consumePortalLink, issuePortalLink, pendingPortalEmail, PORTAL_LINK_TTL_MS, portalUrl, type Portal } from './session.js';
import { portalClientOf } from './view.js';

const DETAILS = ['phonePrivate', 'address', 'post', 'town'] as const;

/** A line in the client's history: what the client changed themselves. */
async function recordOwnChange(db: TenantDb, clientId: Types.ObjectId, changes: FieldChange[], now: number): Promise<void> {
  const id = `client:${clientId.toString()}:${randomUUID()}`;
  await db.Revision.create(revisionDocument(id, { clientId, entity: 'client', entityId: clientId, changes, changedBy: portalMessages.changedByClient, changedAt: now }, true));
}

export async function setPortalDetails(
  ctx: PublicContext,
  portal: Portal,
  input: Omit<ParsedInput<'setClientPortalDetails'>, 'portalToken'>,
): Promise<{ message: string; data: ClientPortal['client'] }> {
  const now = ctx.now();
  const { client, company } = portal;
  const set: Record<string, string> = {};
  const changes: FieldChange[] = [];
  for (const field of DETAILS) {
    const value = input[field];
    if (value === undefined || value === (client[field] ?? '')) continue;
    set[field] = value;
    changes.push({ field, previous: client[field] ?? '', value });
  }
  if (changes.length) {
    await portal.db.Client.updateOne({ _id: portal.clientId }, { $set: set });
    await recordOwnChange(portal.db, portal.clientId, changes, now);
  }

  const newEmail = input.email?.trim() ?? '';
  const emailChanged = newEmail !== '' && newEmail.toLowerCase() !== (client.email ?? '').trim().toLowerCase();
  if (emailChanged) {
    const token = await issuePortalLink(ctx, { purpose: 'email', companyId: company._id, clientId: portal.clientId, therapistId: portal.therapist._id, newEmail });
    const link = portalUrl(ctx.services.config.appUrl, portal.therapist._id, { email: token });
    if (await mayMailPublicRecipient(ctx.services, company, newEmail, now, 'portal e-mail confirmation')) {
      await sendNotice(ctx.services, portalEmailConfirmMail(newEmail, { clinicName: company.companyName, link, validMinutes: PORTAL_LINK_TTL_MS / 60_000 }), 'portal e-mail confirmation');
    }
  }
  const updated = changes.length ? await portal.db.Client.findOne({ _id: portal.clientId }).lean() : client;
  return {
    message: emailChanged ? portalMessages.emailConfirmSent : portalMessages.detailsSaved,
    data: portalClientOf(updated ?? client, await pendingPortalEmail(ctx, portal)),
  };
}

/** Applies a new e-mail from its confirmation link (single use, 15 minutes); anything else answers 401. */
export async function confirmPortalEmail(ctx: PublicContext, rawToken: string): Promise<void> {
  const link = await consumePortalLink(ctx, 'email', rawToken);
  if (!link?.newEmail) throw new UnauthorizedError(portalMessages.linkInvalid);
  const db = ctx.tenant(link.companyId);
  const company = await db.Company.findById(link.companyId).lean();
  if (!company || company.isDisabled || company.deletedAt) throw new UnauthorizedError(portalMessages.linkInvalid);
  const client = await db.Client.findOne({ _id: link.clientId }).lean();
  if (!client) throw new UnauthorizedError(portalMessages.linkInvalid);
  if ((client.email ?? '') === link.newEmail) return;
  await db.Client.updateOne({ _id: client._id }, { $set: { email: link.newEmail } });
  await recordOwnChange(db, client._id, [{ field: 'email', previous: client.email ?? '', value: link.newEmail }], ctx.now());
  // Bookings carry the client's e-mail for the calendar, as a therapist's change of it is copied (clients/records.ts).
  await db.clinic('client-record-copies').Booking.updateMany({ clientId: client._id }, { $set: { email: link.newEmail } });
}
