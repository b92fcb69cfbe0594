/**
 * The client of a public booking or sign-up: an existing client found by the full CPR number only, answered as an
 * opaque, expiring reference and a masked name (never a name, e-mail, phone or CPR: a public answer never reveals
 * more than that someone with this number exists), or a new client from the form's fields.
 */
import { Types } from 'mongoose';
import { bookingMessages, schedulingMessages, type ParsedInput } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { ConflictError, ValidationError } from '../../errors.js';
import type { ClientDoc } from '../../models/index.js';
import { createClient } from '../clients/clients.js';
import type { PublicPage } from './public-therapist.js';

/** An opaque client reference lives this long: enough to finish the wizard. */
const CLIENT_REF_TTL_SECONDS = 30 * 60;

function maskedName(client: ClientDoc): string {
  const mask = (name: string) => (name ? `${name[0]}${'*'.repeat(3)}` : '');
  return `${mask(client.nameFirst)} ${mask(client.nameLast)}`.trim();
}

/** Spec deviation (mf-booking README): only a full CPR number finds a client, and the answer is opaque. */
export async function findClientByCpr(ctx: PublicContext, page: PublicPage, cpr: string) {
  const client = await page.db.Client.findOne({ cprKey: cpr }).lean();
  if (!client) return [];
  const clientId = ctx.services.tokens.signPurpose('client-ref', { subject: client._id.toString(), companyId: page.company._id.toString() }, CLIENT_REF_TTL_SECONDS);
  return [{ clientId, name: maskedName(client) }];
}

async function clientFromRef(ctx: PublicContext, page: PublicPage, ref: string): Promise<ClientDoc> {
  const claims = ctx.services.tokens.verifyPurpose('client-ref', ref);
  if (!claims || claims.companyId !== page.company._id.toString() || !Types.ObjectId.isValid(claims.subject)) {
    throw new ValidationError(bookingMessages.clientRefExpired, { clientId: bookingMessages.clientRefExpired });
  }
  const client = await page.db.Client.findById(new Types.ObjectId(claims.subject)).lean();
  if (!client) throw new ValidationError(bookingMessages.clientRefExpired, { clientId: bookingMessages.clientRefExpired });
  return client;
}

type PublicClientFields = NonNullable<ParsedInput<'clientAddBooking'>['client']>;

/** The client by reference, or a new one (refused for a treatment when the therapist takes existing clients only). */
export async function resolveClient(ctx: PublicContext, page: PublicPage, ref: string | undefined, fields: PublicClientFields | undefined, forTreatment: boolean) {
  if (ref) return { client: await clientFromRef(ctx, page, ref), created: false };
  if (forTreatment && page.therapist.isAvailable === false) throw new ConflictError(schedulingMessages.onlyExistingClients);
  return { client: await createClient(page.db, fields!, page.therapist._id), created: true };
}
