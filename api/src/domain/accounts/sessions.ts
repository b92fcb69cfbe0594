/**
 * Signing in and out, and passwords: the therapist's session (a JWT whose token version is checked on every call,
 * see security/tokens.ts), the platform administrator's and the support team's; every sign-in is throttled per
 * account (throttle.ts). Sign-in looks the account up by
 * username across clinics, before any clinic is known: the one place where a therapist record is read that way.
 */
import type { Types } from 'mongoose';
import { messages, type ParsedInput } from '@klinik/core';
import type { PublicContext, TherapistContext } from '../../context.js';
import { ConflictError, ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../errors.js';
import { repeatedSignInFailuresMail, resetPasswordMail } from '../../adapters/mail/templates.js';
import type { MailMessage } from '../../adapters/mail/index.js';
import { recordAdminSignIn } from './administrators.js';
import { issueLinkToken, issueNoLinkToken, setPasswordFromLink, type LinkPurpose } from './link-tokens.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { clearSignInThrottle, throttledSignIn } from './throttle.js';
import { checkSecondFactor, isTwoFactorEnabled, twoFactorKey, twoFactorTexts } from './two-factor.js';

const BY_USERNAME = { crossTenant: 'sign-in and password reset find the account by username, before a clinic is known' };

/**
 * Sends a mail after the answer: whether an address has an account must not show in how long the answer takes (an
 * SMTP server can take a second). A failure is logged; the caller could not be told without telling that much.
 */
function mailInBackground(ctx: PublicContext, message: MailMessage, what: string): void {
  void ctx.services.mailer.send(message).catch((error: unknown) => ctx.services.logger.error({ err: error }, `${what} mail failed`));
}

export async function signIn(ctx: PublicContext, { username, password, deviceToken, otp }: ParsedInput<'login'>) {
  const { tokens, config } = ctx.services;
  // Many wrong passwords: the owner hears of it at their own address (throttle.ts decides when; at most hourly).
  const tellOwner = async () => {
    const therapist = await ctx.platform.Therapist.findOne({ username }).setOptions(BY_USERNAME).lean();
    if (therapist?.email && therapist.isActive !== false) {
      await ctx.services.mailer.send(repeatedSignInFailuresMail(therapist.email, therapist.nameFirst, `${config.appUrl}/forgot_password`));
    }
  };
  const { result, deviceToken: device } = await throttledSignIn(ctx, 'therapist', username, deviceToken, async () => {
    const therapist = await ctx.platform.Therapist.findOne({ username }).setOptions(BY_USERNAME).lean();
    const valid = await verifyPassword(therapist?.passwordHash, password);
    if (!therapist || !valid) throw new UnauthorizedError(messages.wrongLogin);
    await checkSecondFactor(ctx.platform, twoFactorKey('therapist', therapist._id.toString()), otp, ctx.now());
    return therapist;
  }, tellOwner);
  const therapist = result;
  if (therapist.isActive === false) throw new ForbiddenError(messages.accountInactive);
  const company = await ctx.platform.Company.findById(therapist.companyId, { isDisabled: 1, deletedAt: 1 }).lean();
  if (!company || company.deletedAt) throw new UnauthorizedError(messages.wrongLogin);
  if (company.isDisabled) throw new ForbiddenError(messages.companyDisabled);
  const session = tokens.sign('therapist', { subject: therapist._id.toString(), companyId: therapist.companyId.toString(), tokenVersion: therapist.tokenVersion ?? 0 });
  return { ...session, deviceToken: device };
}

/**
 * Administrators and the support team: two-factor sign-in is required in production (set up by the CLI with the
 * account); development and the test stacks sign in without it unless it was set up.
 */
async function requiredSecondFactor(ctx: PublicContext, key: string, otp: string | undefined): Promise<void> {
  if (ctx.services.config.production && !(await isTwoFactorEnabled(ctx.platform, key))) throw new ForbiddenError(twoFactorTexts.requiredForStaff);
  await checkSecondFactor(ctx.platform, key, otp, ctx.now());
}

/** Ends every session of the therapist at once (the token version moves on). */
export async function signOut(ctx: TherapistContext): Promise<void> {
  await ctx.db.Therapist.updateOne({ _id: ctx.therapist._id }, { $inc: { tokenVersion: 1 } });
}

export async function isUsernameAvailable(ctx: PublicContext, name: string): Promise<boolean> {
  return !(await ctx.platform.Therapist.exists({ username: name }).setOptions(BY_USERNAME));
}

/** The password prompt before a sensitive step; rate limited per therapist. */
export async function confirmPassword(ctx: TherapistContext, password: string): Promise<void> {
  await ctx.services.limiter.consume('checkPassword:account', ctx.therapistId);
  if (!(await verifyPassword(ctx.therapist.passwordHash, password))) throw new ValidationError(messages.wrongPassword, { password: messages.wrongPassword });
  await ctx.services.limiter.reset('checkPassword:account', ctx.therapistId);
}

/**
 * A new password from the account menu: other sessions end, this one gets a new token, and links mailed before
 * stop working. The old password is checked under the same allowance as `checkPassword`: a stolen session must not
 * be a way to guess the password the two actions ask for.
 */
export async function changePassword(ctx: TherapistContext, { oldPassword, newPassword }: ParsedInput<'setPassword'>) {
  await ctx.services.limiter.consume('checkPassword:account', ctx.therapistId);
  if (!(await verifyPassword(ctx.therapist.passwordHash, oldPassword))) {
    throw new ValidationError(messages.wrongOldPassword, { oldPassword: messages.wrongOldPassword });
  }
  await ctx.services.limiter.reset('checkPassword:account', ctx.therapistId);
  const passwordHash = await hashPassword(newPassword);
  // Compare-and-swap on the token version this call was authorised with: a concurrent logout wins.
  const updated = await ctx.db.Therapist.findOneAndUpdate(
    { _id: ctx.therapist._id, tokenVersion: ctx.therapist.tokenVersion },
    { $set: { passwordHash }, $inc: { tokenVersion: 1 } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new ConflictError('Din session blev ændret samtidig. Log ind igen.');
  await ctx.ownLinkTokens.revokeAll();
  return ctx.services.tokens.sign('therapist', { subject: updated._id.toString(), companyId: updated.companyId.toString(), tokenVersion: updated.tokenVersion });
}

/**
 * Mails a reset link (single use, expiring). Every address gets the same answer after the same work (privacy above
 * the spec's 'Der findes ingen konto…', docs/decisions/0010-privacy-above-the-spec-on-public-pages.md), and the
 * mail goes out after the answer. Requests are limited per requesting address by the dispatcher (`resetPassword`);
 * per account only the mails are (`resetPassword:mail`): a request in between answers alike and mails nothing, so a
 * stranger can neither flood the owner's inbox nor use up the owner's resets, and the owner reads a working link in
 * the mail sent meanwhile.
 */
export async function requestPasswordReset(ctx: PublicContext, email: string): Promise<void> {
  const { config, limiter } = ctx.services;
  const username = email.toLowerCase();
  const therapist = await ctx.platform.Therapist.findOne({ username }).setOptions(BY_USERNAME).lean();
  try {
    await limiter.consume('resetPassword:mail', username);
  } catch (error) {
    if (error instanceof TooManyRequestsError) return;
    throw error;
  }
  if (!therapist) {
    await issueNoLinkToken(ctx.platform);
    return;
  }
  const token = await issueLinkToken(ctx.platform, 'reset', therapist._id, config.resetTokenTtlSeconds, ctx.now());
  const link = `${config.appUrl}/reset_password?token=${token}`;
  mailInBackground(ctx, resetPasswordMail(therapist.email, therapist.nameFirst, link, Math.round(config.resetTokenTtlSeconds / 60)), 'password reset');
}

/**
 * A password set from a mailed link (reset or invitation): also clears the account's sign-in throttle on every
 * address prefix and device, so the owner who just proved they read their mail can sign in at once. Answers false
 * when the link is unknown, used or expired.
 */
export async function setPasswordWithLink(ctx: PublicContext, purpose: LinkPurpose, rawToken: string, password: string): Promise<boolean> {
  const therapist = await setPasswordFromLink(ctx.platform, purpose, rawToken, password, ctx.now());
  if (!therapist) return false;
  await clearSignInThrottle(ctx.services, 'therapist', therapist.username);
  return true;
}

/**
 * A platform administrator's sign-in: a named account with its own password (domain/accounts/administrators.ts),
 * throttled like every sign-in, and every attempt that reaches the account audited (success and failure).
 */
export async function adminSignIn(ctx: PublicContext, { username, password, deviceToken, otp }: ParsedInput<'adminCheck'>) {
  const { tokens, logger } = ctx.services;
  const audit = (outcome: 'success' | 'failure', reason: 'wrong-login' | 'throttled' | null, accountId: Types.ObjectId | null) =>
    recordAdminSignIn(ctx.platform, logger, { username, accountId, outcome, reason, address: ctx.ip, at: ctx.now() });
  let signedIn;
  try {
    signedIn = await throttledSignIn(ctx, 'admin', username, deviceToken, async () => {
      const admin = await ctx.platform.Administrator.findOne({ username }).lean();
      const valid = await verifyPassword(admin?.passwordHash, password);
      if (!admin || !valid || admin.isActive === false) throw new UnauthorizedError(messages.adminWrongPassword);
      await requiredSecondFactor(ctx, twoFactorKey('admin', admin._id.toString()), otp);
      return admin;
    });
  } catch (error) {
    await audit('failure', error instanceof TooManyRequestsError ? 'throttled' : 'wrong-login', null);
    throw error;
  }
  const admin = signedIn.result;
  await audit('success', null, admin._id);
  return { ...tokens.sign('superadmin', { subject: admin._id.toString(), tokenVersion: admin.tokenVersion ?? 0 }), deviceToken: signedIn.deviceToken };
}

export async function teamSignIn(ctx: PublicContext, { username, password, deviceToken, otp }: ParsedInput<'teamLogin'>) {
  const { tokens } = ctx.services;
  const { result: user, deviceToken: device } = await throttledSignIn(ctx, 'team', username, deviceToken, async () => {
    const found = await ctx.platform.TeamUser.findOne({ username }).lean();
    const valid = await verifyPassword(found?.passwordHash, password);
    if (!found || !valid || found.isActive === false) throw new UnauthorizedError(messages.wrongTeamLogin);
    await requiredSecondFactor(ctx, twoFactorKey('team', found._id.toString()), otp);
    return found;
  });
  return { ...tokens.sign('team', { subject: user._id.toString(), tokenVersion: user.tokenVersion ?? 0 }), deviceToken: device };
}
