/** Accounts and sessions. Thin: parse is done, call the domain, answer. */
import { timingSafeEqual, createHash } from 'node:crypto';
import { freeTrialRefusal, messages, REGISTRATION_TRIAL_MS } from '@klinik/core';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import { issueLinkToken, setPasswordFromLink } from '../domain/accounts/link-tokens.js';
import { hashPassword, verifyPassword } from '../domain/accounts/passwords.js';
import { registerClinic } from '../domain/accounts/register.js';
import { toTherapistView } from '../domain/accounts/view.js';
import { resetPasswordMail } from '../adapters/mail/templates.js';
import type { Handlers } from './types.js';

type AuthAction =
  | 'login'
  | 'logout'
  | 'register'
  | 'checkUsername'
  | 'checkPassword'
  | 'setPassword'
  | 'resetPassword'
  | 'resetPasswordWithToken'
  | 'therapistSetPassword'
  | 'getTherapist'
  | 'adminCheck'
  | 'teamLogin'
  | 'purchasedFreePlanSubscription';

function sameSecret(given: string, expected: string): boolean {
  // Hash both sides first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const authHandlers: Handlers<AuthAction> = {
  async login({ username, password }, ctx) {
    const { models, tokens, limiter } = ctx.services;
    const therapist = await models.Therapist.findOne({ username }).lean();
    const valid = await verifyPassword(therapist?.passwordHash, password);
    if (!therapist || !valid) throw new UnauthorizedError(messages.wrongLogin);
    if (therapist.isActive === false) throw new ForbiddenError(messages.accountInactive);
    const company = await models.Company.findById(therapist.companyId, { isDisabled: 1 }).lean();
    if (!company) throw new UnauthorizedError(messages.wrongLogin);
    if (company.isDisabled) throw new ForbiddenError(messages.companyDisabled);
    await limiter.reset('login:account', username);
    return tokens.sign('therapist', {
      subject: therapist._id.toString(),
      companyId: therapist.companyId.toString(),
      tokenVersion: therapist.tokenVersion ?? 0,
    });
  },

  async logout(_input, ctx) {
    await ctx.models.Therapist.updateOne({ _id: ctx.therapist._id }, { $inc: { tokenVersion: 1 } });
    return { message: messages.loggedOut };
  },

  async register(input, ctx) {
    const data = await registerClinic(ctx.models, input, ctx.now());
    return { message: messages.registered, data };
  },

  async checkUsername({ name }, ctx) {
    const taken = await ctx.models.Therapist.exists({ username: name });
    return { data: { available: !taken } };
  },

  async checkPassword({ password }, ctx) {
    await ctx.services.limiter.consume('checkPassword:account', ctx.therapistId);
    if (!(await verifyPassword(ctx.therapist.passwordHash, password))) throw new ValidationError(messages.wrongPassword, { password: messages.wrongPassword });
    await ctx.services.limiter.reset('checkPassword:account', ctx.therapistId);
    return { data: { verified: true } };
  },

  async setPassword({ oldPassword, newPassword }, ctx) {
    const { models, tokens } = ctx.services;
    if (!(await verifyPassword(ctx.therapist.passwordHash, oldPassword))) {
      throw new ValidationError(messages.wrongOldPassword, { oldPassword: messages.wrongOldPassword });
    }
    const passwordHash = await hashPassword(newPassword);
    // Compare-and-swap on the token version this call was authorised with: a concurrent logout wins.
    const updated = await models.Therapist.findOneAndUpdate(
      { _id: ctx.therapist._id, tokenVersion: ctx.therapist.tokenVersion },
      { $set: { passwordHash }, $inc: { tokenVersion: 1 } },
      { returnDocument: 'after' },
    ).lean();
    if (!updated) throw new ConflictError('Din session blev ændret samtidig. Log ind igen.');
    const session = tokens.sign('therapist', {
      subject: updated._id.toString(),
      companyId: updated.companyId.toString(),
      tokenVersion: updated.tokenVersion,
    });
    return { message: messages.newPasswordSaved, ...session };
  },

  async resetPassword({ email }, ctx) {
    const { models, config, mailer } = ctx.services;
    const therapist = await models.Therapist.findOne({ username: email.toLowerCase() }).lean();
    if (!therapist) throw new ValidationError(messages.noAccountForEmail, { email: messages.noAccountForEmail });
    const token = await issueLinkToken(models, 'reset', therapist._id, config.resetTokenTtlSeconds, ctx.now());
    const link = `${config.appUrl}/reset_password?token=${token}`;
    await mailer.send(resetPasswordMail(therapist.email, therapist.nameFirst, link, Math.round(config.resetTokenTtlSeconds / 60)));
    return { message: messages.resetMailSent(email) };
  },

  async resetPasswordWithToken({ resetToken, password }, ctx) {
    if (!(await setPasswordFromLink(ctx.models, 'reset', resetToken, password, ctx.now()))) {
      throw new ValidationError(messages.resetLinkInvalid, { resetToken: messages.resetLinkInvalid });
    }
    return { message: messages.passwordUpdated };
  },

  async therapistSetPassword({ id, password }, ctx) {
    if (!(await setPasswordFromLink(ctx.models, 'setPassword', id, password, ctx.now()))) {
      throw new ValidationError(messages.setPasswordLinkInvalid, { id: messages.setPasswordLinkInvalid });
    }
    return { message: messages.passwordUpdated };
  },

  async getTherapist(_input, ctx) {
    return { data: toTherapistView(ctx.therapist, ctx.company, ctx.now()) };
  },

  async adminCheck({ password }, ctx) {
    const { config, tokens } = ctx.services;
    if (!sameSecret(password, config.adminPassword)) throw new UnauthorizedError(messages.adminWrongPassword);
    const { token, expiresIn } = tokens.sign('superadmin', { subject: 'admin', tokenVersion: tokens.adminTokenVersion() });
    return { adminToken: token, expiresIn };
  },

  async teamLogin({ username, password }, ctx) {
    const { models, tokens, limiter } = ctx.services;
    const user = await models.TeamUser.findOne({ username }).lean();
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid || user.isActive === false) throw new UnauthorizedError(messages.wrongTeamLogin);
    await limiter.reset('teamLogin:account', username);
    const { token, expiresIn } = tokens.sign('team', { subject: user._id.toString(), tokenVersion: user.tokenVersion ?? 0 });
    return { teamToken: token, expiresIn };
  },

  async purchasedFreePlanSubscription(_input, ctx) {
    const now = ctx.now();
    const company = ctx.company;
    const refusal = freeTrialRefusal(company, now);
    if (refusal === 'pro') throw new ConflictError(messages.freeTrialNotWithPro);
    if (refusal === 'expired') throw new ConflictError(messages.freeTrialExpired);
    if (refusal === 'active') throw new ConflictError(messages.freeTrialActive);
    // Compare-and-swap on the plan as read: a concurrent plan change makes this call lose, not overwrite.
    const updated = await ctx.models.Company.findOneAndUpdate(
      { _id: company._id, planType: company.planType, status: company.status },
      { $set: { planType: 'freeTrial', status: 'active', trial: company.trial ?? now + REGISTRATION_TRIAL_MS } },
      { returnDocument: 'after' },
    ).lean();
    if (!updated) throw new ConflictError('Abonnementet blev ændret samtidig. Prøv igen.');
    return {
      message: messages.freeTrialStarted,
      data: { planType: 'freeTrial', status: 'active', trial: updated.trial ?? null },
    };
  },
};
