/** /unsubscribe: a newsletter's signed link turns the client's newsletter off. */
import { Types } from 'mongoose';
import { bookingMessages } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import type { TokenService } from '../../security/tokens.js';

export async function unsubscribe(ctx: PublicContext, token: string): Promise<void> {
  const claims = ctx.services.tokens.verifyPurpose('unsubscribe', token);
  if (!claims || !Types.ObjectId.isValid(claims.subject) || !Types.ObjectId.isValid(claims.companyId)) {
    throw new ValidationError(bookingMessages.unsubscribeLinkInvalid);
  }
  // The signed link names the clinic: its data, and only the client it names.
  const result = await ctx.tenant(new Types.ObjectId(claims.companyId)).Client.updateOne({ _id: new Types.ObjectId(claims.subject) }, { $set: { newsletter: false } });
  if (result.matchedCount === 0) throw new ValidationError(bookingMessages.unsubscribeLinkInvalid);
}

/** The token a newsletter's unsubscribe link carries for a client (/unsubscribe?clientId=…). */
export function unsubscribeToken(tokens: TokenService, clientId: string, companyId: string): string {
  return tokens.signPurpose('unsubscribe', { subject: clientId, companyId });
}
