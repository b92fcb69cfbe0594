/**
 * The registering owner's e-mail is confirmed before the clinic can mail its clients: otherwise
 * anyone could register a clinic and use it to send invoices and forms (with a link and the clinic's name) to
 * any address. Registration mails a signed link (`/confirm-email?token=…`, 14 days); `confirmEmail` marks the
 * clinic confirmed. Until then the actions that mail clients on the therapist's word (`mailsTypedAddresses` on their
 * contracts) are refused with a Danish message, and the refusal mails a fresh link to the owner (at most one per clinic in
 * ten minutes). Clinics registered before the rule have no `emailConfirmed` and count as confirmed.
 */
import type { ActionContract } from '@klinik/core';
import type { AnyContext, Services, TherapistContext } from '../../context.js';
import { ForbiddenError, TooManyRequestsError } from '../../errors.js';
import { confirmEmailMail } from '../../adapters/mail/templates.js';
import type { Models } from '../../models/index.js';

const LINK_TTL_SECONDS = 14 * 24 * 60 * 60;

export const confirmationTexts = {
  confirmed: 'Tak! Din e-mail er bekræftet, og klinikken kan nu sende mails til sine klienter.',
  linkInvalid: 'Linket er ugyldigt eller udløbet. Prøv at sende en faktura eller formular igen, så sender vi et nyt link.',
  notConfirmedSent: (email: string) =>
    `Klinikkens e-mail er ikke bekræftet endnu, så der kan ikke sendes mails til klienter. Vi har sendt et link til ${email}: bekræft adressen, og prøv igen.`,
  notConfirmed: (email: string) =>
    `Klinikkens e-mail er ikke bekræftet endnu, så der kan ikke sendes mails til klienter. Brug linket i mailen, vi har sendt til ${email}, og prøv igen.`,
};

export async function sendEmailConfirmation(
  services: Pick<Services, 'tokens' | 'mailer' | 'config'>,
  owner: { therapistId: string; companyId: string; email: string; nameFirst: string },
): Promise<void> {
  const token = services.tokens.signPurpose('confirm-email', { subject: owner.therapistId, companyId: owner.companyId }, LINK_TTL_SECONDS);
  const link = `${services.config.appUrl}/confirm-email?token=${token}`;
  await services.mailer.send(confirmEmailMail(owner.email, owner.nameFirst, link, LINK_TTL_SECONDS / 86_400));
}

/** Marks the clinic of a valid link confirmed (again is harmless); answers false for a forged or expired link. */
export async function confirmEmailFromLink(models: Models, services: Pick<Services, 'tokens'>, token: string): Promise<boolean> {
  const claims = services.tokens.verifyPurpose('confirm-email', token);
  if (!claims) return false;
  // The link names its clinic and is signed by us: the clinic's own record, found by its id.
  const result = await models.Company.updateOne({ _id: claims.companyId }, { $set: { emailConfirmed: true } });
  return result.matchedCount === 1;
}

/**
 * Refuses an action that declares `mailsTypedAddresses` while the caller's clinic has not confirmed its e-mail. An
 * action that mails typed addresses only on some paths (a colleague's corrected address) does not declare it and
 * calls assertEmailConfirmed on those paths.
 */
export async function assertClinicMayMailClients(contract: Pick<ActionContract, 'mailsTypedAddresses'>, ctx: AnyContext): Promise<void> {
  if (!contract.mailsTypedAddresses || (ctx.kind !== 'therapist' && ctx.kind !== 'owner')) return;
  await assertEmailConfirmed(ctx);
}

/** Refuses (403, and mails the owner a fresh link at most every ten minutes) while the clinic's e-mail is unconfirmed. */
export async function assertEmailConfirmed(ctx: TherapistContext): Promise<void> {
  if (ctx.company.emailConfirmed !== false) return;
  const owner = (await ctx.db.Therapist.findOne({ isAdmin: true }).lean()) ?? ctx.therapist;
  const { limiter, logger } = ctx.services;
  try {
    await limiter.consume('confirmEmail:resend', ctx.companyId);
  } catch (error) {
    if (error instanceof TooManyRequestsError) throw new ForbiddenError(confirmationTexts.notConfirmed(owner.email));
    throw error;
  }
  try {
    await sendEmailConfirmation(ctx.services, { therapistId: owner._id.toString(), companyId: ctx.companyId, email: owner.email, nameFirst: owner.nameFirst });
  } catch (error) {
    logger.warn({ err: error }, 'e-mail confirmation mail failed');
    throw new ForbiddenError(confirmationTexts.notConfirmed(owner.email));
  }
  throw new ForbiddenError(confirmationTexts.notConfirmedSent(owner.email));
}
