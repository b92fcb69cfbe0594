/**
 * Who is calling: the token from the body is verified against the caller's current records on every call (for a
 * therapist from the process's sign-in cache: data/sign-in-cache.ts), so a revoked session, a deactivated account, a
 * disabled clinic or a lost admin right take effect at once in the process that made the change and within a second
 * in every other. The answer is the context the action's declared access allows.
 */
import { Types } from 'mongoose';
import { accessLevelsOf, allowsProFeatures, effectiveTherapistStatus, messages, planRefusalText, therapistMessages, type ActionContract } from '@klinik/core';
import { OwnerContext, PublicContext, SuperadminContext, TeamContext, TherapistContext, type AnyContext, type RequestInfo, type Services } from '../context.js';
import { subscriptionStateOf } from '../domain/therapists/view.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';

export async function authenticate(contract: ActionContract, token: unknown, services: Services, request: RequestInfo): Promise<AnyContext> {
  const levels = accessLevelsOf(contract);
  if (levels.includes('public')) return new PublicContext(services, request);

  const verified = services.tokens.verify(token);
  const { models } = services;

  if (verified.kind === 'therapist') {
    if (!levels.includes('therapist') && !levels.includes('owner')) throw new ForbiddenError(messages.forbidden);
    if (!Types.ObjectId.isValid(verified.subject) || !verified.companyId || !Types.ObjectId.isValid(verified.companyId)) {
      throw new UnauthorizedError('jwt malformed');
    }
    // The token names the company, and the therapist record must belong to it. The records come from this process's
    // cache, which every process's changes reach within a second (data/sign-in-cache.ts); the checks below run on
    // every call.
    const { therapist, company } = await services.signInCache.facts(new Types.ObjectId(verified.subject), new Types.ObjectId(verified.companyId));
    if (!therapist || therapist.tokenVersion !== verified.tokenVersion) throw new UnauthorizedError('jwt expired');
    if (therapist.isActive === false) throw new UnauthorizedError('jwt expired');
    if (!company || company.deletedAt) throw new UnauthorizedError('jwt expired');
    // A disabled clinic's users are signed out on their next call (a session-ending answer) and told why.
    if (company.isDisabled) throw new UnauthorizedError(messages.companyDisabled);
    if (!levels.includes('therapist') && !therapist.isAdmin) throw new ForbiddenError(messages.ownerOnly);
    // A colleague with a subscription of their own works while it runs (domain/therapists/subscription.ts); the
    // contract says what they may still do without it (`worksWithoutSubscription`: see who they are, sign out).
    if (!therapist.isAdmin && therapist.subscription && !contract.worksWithoutSubscription) {
      const status = effectiveTherapistStatus(subscriptionStateOf(therapist), services.clock.now());
      if (status === 'pending' || status === 'expired') throw new ForbiddenError(therapistMessages.subscriptionEnded);
    }
    // Spec 2 §1: a clinic with no plan at all is told it may choose any plan.
    if (contract.plan === 'pro' && !allowsProFeatures(company, services.clock.now())) throw new ForbiddenError(planRefusalText(company, messages.proPlanRequired));
    return therapist.isAdmin ? new OwnerContext(services, request, therapist, company) : new TherapistContext(services, request, therapist, company);
  }

  if (verified.kind === 'superadmin') {
    if (!levels.includes('superadmin')) throw new ForbiddenError(messages.forbidden);
    // A named administrator: deactivation or a new password ends its tokens at once. Tokens of the old
    // shared admin password had the subject 'admin' and end here too.
    if (!Types.ObjectId.isValid(verified.subject)) throw new UnauthorizedError('jwt expired');
    const admin = await models.Administrator.findById(verified.subject, { tokenVersion: 1, isActive: 1, username: 1 }).lean();
    if (!admin || admin.isActive === false || admin.tokenVersion !== verified.tokenVersion) throw new UnauthorizedError('jwt expired');
    return new SuperadminContext(services, request, { id: admin._id, username: admin.username });
  }

  if (!levels.includes('team')) throw new ForbiddenError(messages.forbidden);
  if (!Types.ObjectId.isValid(verified.subject)) throw new UnauthorizedError('jwt malformed');
  const user = await models.TeamUser.findById(verified.subject, { tokenVersion: 1, isActive: 1 }).lean();
  if (!user || user.isActive === false || user.tokenVersion !== verified.tokenVersion) throw new UnauthorizedError('jwt expired');
  return new TeamContext(services, request, user._id.toString());
}
