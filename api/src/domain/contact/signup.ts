/**
 * The public newsletter sign-up page (/Newsletter; spec 1 leaves its content open). Decision: a clinic's
 * sign-up page for its existing clients with double opt-in. Someone types an e-mail on /Newsletter?id=<therapist>; if
 * it is a client's of that clinic, a signed link (valid 7 days) goes to that address, and only opening it turns the
 * client's newsletter on. The answer is the same whether or not the address is a client's, and the mail is sent after
 * the answer, so neither the text nor the timing tells who is a client (privacy above the spec's text). Nobody can
 * sign up someone else: the link goes only to the address on record.
 */
import { Types } from 'mongoose';
import { contactMessages as M, type ParsedInput } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import type { PublicContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { publicTherapist } from '../online-booking/public-therapist.js';
import { escapeRegex } from '../search.js';
import { mayMailPublicRecipient, recipientKey, takeSeat } from './outbound.js';
import { signupMail } from './texts.js';

const LINK_TTL_SECONDS = 7 * 24 * 3600;

export async function newsletterSignup(ctx: PublicContext, input: ParsedInput<'newsletterSignup'>): Promise<{ message: string }> {
  // An unknown therapist gets the same answer: nothing here tells what exists.
  const page = await publicTherapist(ctx, input.therapistId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (page) {
    const { company, db } = page;
    const client = await db.Client.findOne({ email: { $regex: `^${escapeRegex(input.email)}$`, $options: 'i' } }, { email: 1 }).lean();
    if (client?.email) {
      const token = ctx.services.tokens.signPurpose('newsletter-signup', { subject: client._id.toHexString(), companyId: company._id.toHexString() }, LINK_TTL_SECONDS);
      const confirmUrl = `${ctx.services.config.appUrl}/Newsletter?token=${encodeURIComponent(token)}`;
      // Not awaited: the answer must not take longer for a client's address than for anyone else's. One address is
      // mailed a sign-up link at most twice a day per clinic, within the public per-recipient caps, however
      // many senders ask.
      const mail = signupMail({ to: client.email, clinicName: company.companyName, confirmUrl });
      void (async () => {
        if ((await takeSeat(ctx.services.limiter, 'newsletterSignup:recipient', `${company._id.toHexString()}|${recipientKey(client.email)}`)) !== null) {
          ctx.services.logger.info({ companyId: company._id.toHexString() }, 'newsletter sign-up mail not sent: the address has had its sign-up links for today');
          return;
        }
        if (await mayMailPublicRecipient(ctx.services, company, client.email, ctx.now(), 'newsletter sign-up')) await sendNotice(ctx.services, mail, 'newsletter sign-up');
      })().catch((error: unknown) => ctx.services.logger.error({ err: error }, 'newsletter sign-up mail failed'));
    }
  }
  return { message: M.signupAnswer };
}

export async function confirmNewsletterSignup(ctx: PublicContext, input: ParsedInput<'confirmNewsletterSignup'>): Promise<{ message: string }> {
  const claims = ctx.services.tokens.verifyPurpose('newsletter-signup', input.signupToken);
  if (!claims || !Types.ObjectId.isValid(claims.subject) || !Types.ObjectId.isValid(claims.companyId)) throw new ValidationError(M.signupLinkInvalid);
  const result = await ctx
    .tenant(new Types.ObjectId(claims.companyId))
    .Client.updateOne({ _id: new Types.ObjectId(claims.subject) }, { $set: { newsletter: true, newsletterConsent: { at: ctx.now(), by: 'Klienten (tilmelding bekræftet pr. mail)' } } });
  if (result.matchedCount === 0) throw new ValidationError(M.signupLinkInvalid);
  return { message: M.signupConfirmed };
}
