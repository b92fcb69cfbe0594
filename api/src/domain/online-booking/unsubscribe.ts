/** /unsubscribe: a newsletter's link turns the client's newsletter off. */
import { Types } from 'mongoose';
import { bookingMessages } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import type { TokenService } from '../../security/tokens.js';

export async function unsubscribe(ctx: PublicContext, token: string): Promise<void> {
  const { tokens } = ctx.services;
  // Links mailed before the opaque form carry a signed reference: they keep working, as an unsubscribe link must.
  const claims = tokens.openPurpose('unsubscribe', token) ?? tokens.verifyPurpose('unsubscribe', token);
  if (!claims || !Types.ObjectId.isValid(claims.subject) || !Types.ObjectId.isValid(claims.companyId)) {
    throw new ValidationError(bookingMessages.unsubscribeLinkInvalid);
  }
  // The link names the clinic: its data, and only the client it names.
  const result = await ctx.tenant(new Types.ObjectId(claims.companyId)).Client.updateOne({ _id: new Types.ObjectId(claims.subject) }, { $set: { newsletter: false } });
  if (result.matchedCount === 0) throw new ValidationError(bookingMessages.unsubscribeLinkInvalid);
}

/**
 * The token a newsletter's unsubscribe link carries for a client (/unsubscribe?clientId=…): opaque, so the link in
 * a forwarded or archived mail shows neither the client's nor the clinic's id, and it does not expire.
 */
export function unsubscribeToken(tokens: TokenService, clientId: string, companyId: string): string {
  return tokens.sealPurpose('unsubscribe', { subject: clientId, companyId });
}
