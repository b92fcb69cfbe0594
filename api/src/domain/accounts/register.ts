/**
 * Registration creates a company and its first therapist (the owner) without a transaction: the therapist is
 * inserted first, claiming the username under its unique index, then the company under the id chosen up front.
 * If the company insert fails the therapist is removed again; a crash between the two leaves a therapist
 * without a company, who cannot sign in, and whom the orphan sweeper removes.
 */
import { Types } from 'mongoose';
import { COMPANY_FIELD_LABELS, messages, REGISTRATION_TRIAL_MS, type ParsedInput } from '@klinik/core';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import { assertNoWebAddress } from '../web-addresses.js';
import { hashPassword } from './passwords.js';

/** `confirmed`: the e-mail counts as confirmed at once (the demo seed); a real registration confirms by mail. */
export async function registerClinic(models: Models, input: ParsedInput<'register'>, now: number, options: { confirmed?: boolean } = {}) {
  const { therapistInfo, companyInfo } = input;
  assertNoWebAddress('companyInfo.companyName', COMPANY_FIELD_LABELS.companyName, companyInfo.companyName);
  const companyId = new Types.ObjectId();
  const trial = now + REGISTRATION_TRIAL_MS;
  const passwordHash = await hashPassword(therapistInfo.password);
  let therapist;
  try {
    therapist = await models.Therapist.create({
      companyId,
      username: therapistInfo.email.toLowerCase(),
      passwordHash,
      nameFirst: therapistInfo.nameFirst,
      nameLast: therapistInfo.nameLast,
      email: therapistInfo.email,
      phone: therapistInfo.phone,
      isAdmin: true,
      newsletter: therapistInfo.newsletter,
      trial,
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(messages.usernameTaken, { 'therapistInfo.email': messages.usernameTaken });
    throw error;
  }
  try {
    await models.Company.create({
      _id: companyId,
      companyName: companyInfo.companyName,
      CVR: companyInfo.CVR ?? '',
      address: companyInfo.address,
      post: companyInfo.post,
      town: companyInfo.town,
      email: companyInfo.email,
      phone: companyInfo.phone,
      contactPersion: `${therapistInfo.nameFirst} ${therapistInfo.nameLast}`,
      moms: true,
      emailConfirmed: options.confirmed === true,
      newsletter: therapistInfo.newsletter,
      trial,
    });
  } catch (error) {
    await models.Therapist.deleteOne({ _id: therapist._id, companyId });
    throw error;
  }
  return { therapistId: therapist._id.toString(), companyId: companyId.toString(), email: therapist.email, nameFirst: therapist.nameFirst };
}

/**
 * Therapists whose company does not exist (a registration cut off half-way). Only recent registrations can be
 * orphans, so the sweep looks at therapists created between a week and an hour ago.
 */
export async function sweepOrphanTherapists(models: Models, now: number): Promise<number> {
  const hour = 60 * 60 * 1000;
  const sweep = { crossTenant: 'sweeper: registrations cut off half-way, in every clinic' };
  const candidates = await models.Therapist.find({ createdAt: { $lt: now - hour, $gt: now - 7 * 24 * hour } }, { companyId: 1 }).setOptions(sweep).lean();
  const companyIds = [...new Set(candidates.map((therapist) => therapist.companyId.toString()))];
  if (companyIds.length === 0) return 0;
  const existing = new Set(
    (await models.Company.find({ _id: { $in: companyIds } }, { _id: 1 }).setOptions(sweep).lean()).map((company) => company._id.toString()),
  );
  const orphans = candidates.filter((therapist) => !existing.has(therapist.companyId.toString())).map((therapist) => therapist._id);
  if (orphans.length === 0) return 0;
  const result = await models.Therapist.deleteMany({ _id: { $in: orphans } }).setOptions(sweep);
  return result.deletedCount;
}
