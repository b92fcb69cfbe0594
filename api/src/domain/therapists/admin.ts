/**
 * The owner's therapist administration (spec 3, Therapist administration): the list, add (at most five,
 * with an invitation mail), edit, delete, and the users page's create-user. What the page shows is decided here.
 *
 * Deleting a therapist (docs/decisions/0029-therapist-seats-and-colleague-trials.md): refused while they have
 * bookings ahead (move or cancel them first) and never the owner. Otherwise the therapist loses access for good
 * (isActive false, sessions ended, username freed so the e-mail can be used again, out of every list, seat given
 * back), but the record stays: their clients, journals (kept 10 years by law), invoices (5 years, bookkeeping law),
 * past bookings, treatments and courses stay with the clinic under their name, where the owner sees them as before.
 */
import { Types } from 'mongoose';
import { allowsProFeatures, messages, therapistMessages, type ParsedInput, type TherapistRow } from '@klinik/core';
import { setPasswordMail } from '../../adapters/mail/templates.js';
import type { OwnerContext } from '../../context.js';
import { therapistSeats } from '../../data/concurrency/therapist-seats.js';
import { ConflictError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { TherapistDoc } from '../../models/index.js';
import { assertEmailConfirmed } from '../accounts/email-confirmation.js';
import { hashPassword } from '../accounts/passwords.js';
import { assertMailBudget } from '../contact/outbound.js';
import { escapeRegex, nameWordsFilter } from '../search.js';
import { usersPageTrial } from './trial.js';
import { toTherapistRow } from './view.js';

export async function listTherapists(ctx: OwnerContext, { page, size, search }: ParsedInput<'getAllTherapistByCompany'>): Promise<{ data: TherapistRow[]; totalTherapist: number }> {
  const filter: Record<string, unknown> = { deletedAt: null };
  if (search) {
    const pattern = { $regex: escapeRegex(search), $options: 'i' };
    filter.$or = [nameWordsFilter(search), { email: pattern }, { phone: pattern }];
  }
  const [docs, total] = await Promise.all([
    ctx.db.Therapist.find(filter).sort({ createdAt: 1, _id: 1 }).skip((page - 1) * size).limit(size).lean(),
    ctx.db.Therapist.countDocuments(filter),
  ]);
  return { data: docs.map((doc) => toTherapistRow(doc, ctx.now())), totalTherapist: total };
}

export async function allTherapists(ctx: OwnerContext): Promise<TherapistRow[]> {
  const docs = await ctx.db.Therapist.find({ deletedAt: null }).sort({ nameFirst: 1, nameLast: 1 }).lean();
  return docs.map((doc) => toTherapistRow(doc, ctx.now()));
}

/** Who could take over the owner role: active colleagues who have set a password. */
export async function handoverCandidates(ctx: OwnerContext): Promise<TherapistRow[]> {
  return (await allTherapists(ctx)).filter((row) => row.id !== ctx.therapistId.toString() && row.isActive && row.hasPassword);
}

/** A therapist of the clinic the owner may manage (not deleted). */
export async function managedTherapist(ctx: OwnerContext, id: string): Promise<TherapistDoc> {
  const therapist = await ctx.db.Therapist.findOne({ _id: new Types.ObjectId(id), deletedAt: null }).lean();
  if (!therapist) throw new NotFoundError(therapistMessages.unknownTherapist);
  return therapist;
}

interface NewTherapist {
  nameFirst: string;
  nameLast: string;
  email: string;
  phone: string;
  occupation?: string[];
  passwordHash?: string | null;
  trial?: number | null;
  subscription?: Record<string, unknown> | null;
}

/** Takes a seat, then inserts; the username (the e-mail) is unique over the platform. */
async function createTherapist(ctx: OwnerContext, fields: NewTherapist, field: string): Promise<TherapistDoc> {
  const id = new Types.ObjectId();
  if (!(await therapistSeats.take(ctx.db, id, ctx.now()))) throw new ConflictError(therapistMessages.limitReached);
  try {
    const created = await ctx.db.Therapist.create({
      _id: id,
      username: fields.email.toLowerCase(),
      email: fields.email,
      nameFirst: fields.nameFirst,
      nameLast: fields.nameLast,
      phone: fields.phone,
      occupation: fields.occupation ?? [],
      passwordHash: fields.passwordHash ?? null,
      trial: fields.trial ?? null,
      subscription: fields.subscription ?? null,
      isAdmin: false,
      isActive: true,
    });
    return created.toObject();
  } catch (error) {
    await therapistSeats.release(ctx.db, id);
    if (isDuplicateKeyError(error)) throw new ConflictError(messages.usernameTaken, { [field]: messages.usernameTaken });
    throw error;
  }
}

/**
 * Whether the clinic may send an invitation now (an invitation is a mail under our name to an address the
 * owner typed): the clinic's e-mail confirmed, a plan that allows the product (a running trial or Pro), at most
 * `invite:company` invitations a day (adding, deleting and adding again counts each), within its mail budget.
 */
async function assertMayInvite(ctx: OwnerContext): Promise<void> {
  await assertEmailConfirmed(ctx);
  if (!allowsProFeatures(ctx.company, ctx.now())) throw new ConflictError(therapistMessages.inviteNeedsPlan);
  await ctx.services.limiter.consume('invite:company', ctx.companyId);
  await assertMailBudget(ctx, 1);
}

async function invite(ctx: OwnerContext, therapist: TherapistDoc): Promise<void> {
  const { config, mailer } = ctx.services;
  const token = await ctx.linkTokens.issue('setPassword', therapist._id, config.setPasswordTokenTtlSeconds, ctx.now());
  const link = `${config.appUrl}/set-password?id=${encodeURIComponent(token)}`;
  await mailer.send(setPasswordMail(therapist.email, therapist.nameFirst, ctx.company.companyName, link, Math.round(config.setPasswordTokenTtlSeconds / 86_400)));
}

export async function addTherapist(ctx: OwnerContext, input: ParsedInput<'addTherapistByCompany'>) {
  await assertMayInvite(ctx);
  const therapist = await createTherapist(ctx, { ...input, subscription: { planType: 'freeTrial', status: 'pending', endsAt: null, handle: null, trialUsed: false } }, 'email');
  await invite(ctx, therapist);
  return { message: therapistMessages.added, data: [{ id: therapist._id.toString() }] };
}

/**
 * The users page: a colleague with a password the owner chose, working at once on a 90-day trial of their own
 * (trial.ts): afterwards the same refusal and the same choice (Pro) as an invited colleague whose trial has ended.
 */
export async function createUser(ctx: OwnerContext, input: ParsedInput<'addTherapist'>) {
  await createTherapist(ctx, { ...input, passwordHash: await hashPassword(input.password), ...usersPageTrial(ctx.now()) }, 'email');
  return { message: therapistMessages.userCreated };
}

export async function updateTherapist(ctx: OwnerContext, { id, ...input }: ParsedInput<'updateTherapistByCompany'>) {
  const therapist = await managedTherapist(ctx, id);
  const changes: Record<string, unknown> = { nameFirst: input.nameFirst, nameLast: input.nameLast, email: input.email, phone: input.phone, occupation: input.occupation };
  const emailChanged = input.email.toLowerCase() !== therapist.username;
  if (emailChanged) changes.username = input.email.toLowerCase();
  // A new invitation goes to a corrected address (below): checked before anything changes.
  if (emailChanged && !therapist.passwordHash) await assertMayInvite(ctx);
  try {
    // A new e-mail is a new username: the old sessions end (the therapist signs in with the new one).
    await ctx.db.Therapist.updateOne({ _id: therapist._id }, { $set: changes, ...(emailChanged ? { $inc: { tokenVersion: 1 } } : {}) });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(messages.usernameTaken, { email: messages.usernameTaken });
    throw error;
  }
  if (emailChanged) {
    // The links mailed to the old address (an invitation, a password reset) would let whoever holds it take the
    // account: they go. Someone who has not accepted the invitation yet is invited again, at the new address.
    await ctx.linkTokens.revokeAll(therapist._id);
    if (!therapist.passwordHash) await invite(ctx, { ...therapist, email: input.email, nameFirst: input.nameFirst });
  }
  return { message: therapistMessages.updated };
}

export async function deleteTherapist(ctx: OwnerContext, id: string) {
  const therapist = await managedTherapist(ctx, id);
  if (therapist.isAdmin) throw new ValidationError(therapistMessages.ownerCannotBeChanged, { id: therapistMessages.ownerCannotBeChanged });
  if (await ctx.db.clinic('clinic-wide-check').Booking.exists({ therapistId: therapist._id, to: { $gt: ctx.now() } })) {
    throw new ConflictError(therapistMessages.futureBookings);
  }
  if (therapist.subscription?.handle && (therapist.subscription.status === 'active' || therapist.subscription.status === 'cancelled')) {
    await ctx.services.payments.cancelSubscription(therapist.subscription.handle).catch(() => undefined);
  }
  await ctx.db.Therapist.updateOne(
    { _id: therapist._id },
    {
      $set: { deletedAt: ctx.now(), isActive: false, isAvailable: false, username: `deleted:${therapist._id.toString()}:${therapist.username}`, passwordHash: null },
      $inc: { tokenVersion: 1 },
    },
  );
  await ctx.linkTokens.revokeAll(therapist._id);
  await therapistSeats.release(ctx.db, therapist._id);
  return { message: therapistMessages.deleted };
}
