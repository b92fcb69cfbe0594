/**
 * The support team (spec 3 §2, §4, §5, §7 'Support meeting and upload'): finds a therapist across clinics,
 * uploads the clinic's old data for the import, and records the meetings it arranged. It never reads a clinic's
 * client records, journals or invoices: these functions answer therapist names, file names and sizes only.
 *
 * The uploaded files hold a clinic's client list with CPR numbers: they are stored in the blob store encrypted with
 * the data key (security/encryption.ts encryptBytes) under keys no browser address can name, one at a time (a
 * file is read whole to encrypt it: 25 MB at most, two uploads at once). Until the import engine picks them
 * up they are listed for the clinic's owner on /Importerdata.
 */
import { readFile } from 'node:fs/promises';
import { Types } from 'mongoose';
import { supportMessages, supportUploadProblem, type ParsedInput } from '@klinik/core';
import type { OwnerContext, TeamContext } from '../../context.js';
import { supportFileKey } from '../../adapters/blobs/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { TenantDb } from '../../data/tenant-db.js';
import type { SupportUploadDoc } from '../../models/index.js';
import { encryptBytes } from '../../security/encryption.js';

const ACROSS = { crossTenant: 'the support team finds a therapist of any clinic by name or e-mail' };

/** A therapist of a clinic that is neither deleted nor disabled, with its clinic; else 404. */
async function supportedTherapist(ctx: TeamContext, therapistId: string) {
  const therapist = await ctx.platform.Therapist.findOne({ _id: new Types.ObjectId(therapistId), deletedAt: null }, { nameFirst: 1, nameLast: 1, companyId: 1 })
    .setOptions(ACROSS)
    .lean();
  const company = therapist ? await ctx.tenant(therapist.companyId).Company.findOne({}, { deletedAt: 1, isDisabled: 1 }).lean() : null;
  if (!therapist || !company || company.deletedAt || company.isDisabled) throw new NotFoundError(supportMessages.therapistNotFound, { therapistId: supportMessages.therapistNotFound });
  return { therapist, db: ctx.tenant(therapist.companyId) };
}

const MAX_MATCHES = 20;

export async function findTherapists(ctx: TeamContext, search: string) {
  const [therapists, companies] = await Promise.all([
    ctx.platform.Therapist.find({ deletedAt: null, isActive: { $ne: false } }, { nameFirst: 1, nameLast: 1, email: 1, companyId: 1 }).setOptions(ACROSS).lean(),
    ctx.platform.Company.find({ deletedAt: null, isDisabled: { $ne: true } }, { companyName: 1 })
      .setOptions({ crossTenant: 'the support team sees the names of the clinics it may help' })
      .lean(),
  ]);
  const names = new Map(companies.map((company) => [company._id.toString(), company.companyName]));
  const needle = search.toLocaleLowerCase('da');
  const collator = new Intl.Collator('da', { sensitivity: 'base' });
  return therapists
    .flatMap((therapist) => {
      const companyName = names.get(therapist.companyId.toString());
      if (companyName === undefined) return [];
      const name = `${therapist.nameFirst} ${therapist.nameLast}`.trim();
      const haystack = `${name} ${therapist.email} ${companyName}`.toLocaleLowerCase('da');
      return needle && !haystack.includes(needle) ? [] : [{ id: therapist._id.toString(), name, email: therapist.email, companyName }];
    })
    .sort((a, b) => collator.compare(a.name, b.name))
    .slice(0, MAX_MATCHES);
}

function uploadView(upload: SupportUploadDoc, names: Map<string, string>) {
  return {
    id: upload._id.toString(),
    createdAt: upload.createdAt ?? 0,
    therapistId: upload.therapistId.toString(),
    therapistName: names.get(upload.therapistId.toString()) ?? '',
    orderHandleId: upload.orderHandleId ?? null,
    files: (upload.files ?? []).map((file) => ({ name: file.name, size: file.size })),
    status: upload.status as 'received' | 'imported' | 'failed',
  };
}

export async function addSupportUpload(ctx: TeamContext, input: ParsedInput<'addSupportHelp'>) {
  const files = ctx.files;
  const problem = supportUploadProblem(
    files.map((file) => file.originalName),
    input.therapistId,
  );
  if (problem) throw new ValidationError(problem, { [problem === supportMessages.noTherapist ? 'therapistId' : 'files']: problem });
  if (!/^[a-f0-9]{24}$/i.test(input.therapistId)) throw new NotFoundError(supportMessages.therapistNotFound, { therapistId: supportMessages.therapistNotFound });
  const { therapist, db } = await supportedTherapist(ctx, input.therapistId);
  const uploadId = new Types.ObjectId();
  const companyId = therapist.companyId.toString();
  const stored = files.map((file, index) => ({ name: file.originalName.slice(0, 255), size: file.size, blobKey: supportFileKey(companyId, uploadId.toString(), index) }));
  // The record first ('storing': not listed), then the files, then 'received': a crash between leaves no file
  // the purge or a later sweep cannot find by its record.
  await db.SupportUpload.create({
    _id: uploadId,
    therapistId: therapist._id,
    orderHandleId: input.orderHandleId || null,
    teamUserId: new Types.ObjectId(ctx.teamUserId),
    files: stored,
    status: 'storing',
  });
  for (const [index, file] of files.entries()) await ctx.services.blobs.put(stored[index]!.blobKey, encryptBytes(await readFile(file.path)));
  await db.SupportUpload.updateOne({ _id: uploadId }, { $set: { status: 'received' } });
  ctx.services.logger.info({ audit: 'support-upload', teamUserId: ctx.teamUserId, companyId, files: files.length }, 'support upload stored');
  return { message: supportMessages.filesUploaded, data: { uploadId: uploadId.toString() } };
}

export async function addMeeting(ctx: TeamContext, input: ParsedInput<'addSupportMeeting'>) {
  const { therapist, db } = await supportedTherapist(ctx, input.therapistId);
  await db.SupportMeeting.create({ therapistId: therapist._id, teamUserId: new Types.ObjectId(ctx.teamUserId), eventUri: input.eventUri, inviteeUri: input.inviteeUri });
  return { message: supportMessages.meetingArranged };
}

async function therapistNames(db: TenantDb) {
  const therapists = await db.Therapist.find({}, { nameFirst: 1, nameLast: 1 }).lean();
  return new Map(therapists.map((therapist) => [therapist._id.toString(), `${therapist.nameFirst} ${therapist.nameLast}`.trim()]));
}

export async function supportHistory(ctx: TeamContext, therapistId: string) {
  const { db } = await supportedTherapist(ctx, therapistId);
  const [uploads, meetings, names] = await Promise.all([
    db.SupportUpload.find({ status: { $ne: 'storing' } }).sort({ createdAt: -1 }).limit(50).lean(),
    db.SupportMeeting.find({}).sort({ createdAt: -1 }).limit(50).lean(),
    therapistNames(db),
  ]);
  return {
    uploads: uploads.map((upload) => uploadView(upload, names)),
    meetings: meetings.map((meeting) => ({
      id: meeting._id.toString(),
      createdAt: meeting.createdAt ?? 0,
      therapistId: meeting.therapistId.toString(),
      eventUri: meeting.eventUri,
      inviteeUri: meeting.inviteeUri,
    })),
  };
}

export async function clinicSupportUploads(ctx: OwnerContext) {
  const [uploads, names] = await Promise.all([
    ctx.db.SupportUpload.find({ status: { $ne: 'storing' } }).sort({ createdAt: -1 }).limit(50).lean(),
    therapistNames(ctx.db),
  ]);
  return uploads.map((upload) => uploadView(upload, names));
}
