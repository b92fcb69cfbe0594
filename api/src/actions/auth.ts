/** Accounts and sessions (core/src/actions/auth.ts). Thin: the input is parsed, the domain decides, this answers. */
import { messages, type authActions } from '@klinik/core';
import { ValidationError } from '../errors.js';
import { confirmationTexts, confirmEmailFromLink, sendEmailConfirmation } from '../domain/accounts/email-confirmation.js';
import { startFreeTrial } from '../domain/accounts/plan.js';
import { registerClinic } from '../domain/accounts/register.js';
import { adminSignIn, changePassword, confirmPassword, isUsernameAvailable, requestPasswordReset, setPasswordWithLink, signIn, signOut, teamSignIn } from '../domain/accounts/sessions.js';
import { twoFactorTexts } from '../domain/accounts/two-factor.js';
import { toTherapistView } from '../domain/accounts/view.js';
import type { Handlers } from './types.js';

export const authHandlers: Handlers<keyof typeof authActions> = {
  login: (input, ctx) => signIn(ctx, input),
  async logout(_input, ctx) {
    await signOut(ctx);
    return { message: messages.loggedOut };
  },
  async register(input, ctx) {
    const { therapistId, companyId, email, nameFirst } = await registerClinic(ctx.platform, input, ctx.now());
    // The clinic exists either way; without the mail the owner gets a new link when mailing a client is refused.
    await sendEmailConfirmation(ctx.services, { therapistId, companyId, email, nameFirst }).catch((error: unknown) => {
      ctx.services.logger.warn({ err: error }, 'e-mail confirmation mail failed');
    });
    return { message: messages.registered, data: { therapistId, companyId } };
  },
  async confirmEmail({ confirmToken }, ctx) {
    if (!(await confirmEmailFromLink(ctx.platform, ctx.services, confirmToken))) {
      throw new ValidationError(confirmationTexts.linkInvalid, { confirmToken: confirmationTexts.linkInvalid });
    }
    return { message: confirmationTexts.confirmed };
  },
  checkUsername: async ({ name }, ctx) => ({ data: { available: await isUsernameAvailable(ctx, name) } }),
  async checkPassword({ password }, ctx) {
    await confirmPassword(ctx, password);
    return { data: { verified: true } };
  },
  setPassword: async (input, ctx) => ({ message: messages.newPasswordSaved, ...(await changePassword(ctx, input)) }),
  async resetPassword({ email }, ctx) {
    await requestPasswordReset(ctx, email);
    return { message: messages.resetMailSent };
  },
  async resetPasswordWithToken({ resetToken, password }, ctx) {
    if (!(await setPasswordWithLink(ctx, 'reset', resetToken, password))) {
      throw new ValidationError(messages.resetLinkInvalid, { resetToken: messages.resetLinkInvalid });
    }
    return { message: messages.passwordUpdated };
  },
  async therapistSetPassword({ id, password }, ctx) {
    if (!(await setPasswordWithLink(ctx, 'setPassword', id, password))) {
      throw new ValidationError(messages.setPasswordLinkInvalid, { id: messages.setPasswordLinkInvalid });
    }
    return { message: messages.passwordUpdated };
  },
  getTherapist: async (_input, ctx) => ({ data: toTherapistView(ctx.therapist, ctx.company, ctx.now()) }),
  async adminCheck(input, ctx) {
    const { token, expiresIn, deviceToken } = await adminSignIn(ctx, input);
    return { adminToken: token, expiresIn, deviceToken };
  },
  async teamLogin(input, ctx) {
    const { token, expiresIn, deviceToken } = await teamSignIn(ctx, input);
    return { teamToken: token, expiresIn, deviceToken };
  },
  async twoFactorSetup(_input, ctx) {
    return { data: await ctx.ownTwoFactor.setup(ctx.therapist.username) };
  },
  async twoFactorEnable({ code }, ctx) {
    const recoveryCodes = await ctx.ownTwoFactor.enable(code, ctx.now());
    return { message: twoFactorTexts.enabled, data: { recoveryCodes } };
  },
  async twoFactorDisable({ password }, ctx) {
    await confirmPassword(ctx, password);
    await ctx.ownTwoFactor.disable();
    return { message: twoFactorTexts.disabled };
  },
  purchasedFreePlanSubscription: async (_input, ctx) => ({ message: messages.freeTrialStarted, data: await startFreeTrial(ctx) }),
};
