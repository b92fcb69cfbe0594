/**
 * The purge of deleted clinics (domain/platform/deletion.ts has the first step). Run by the sweeper
 * (hourly, any number of processes): every step is idempotent and works a batch at a time (FerretDB 1.24 fails a
 * deleteMany of tens of thousands of documents), so a purge cut off half-way is finished by the next run, and
 * `purgedAt` is set only at the end.
 *
 * Kept after the purge, for bookkeeping law (5 years from the end of the financial year): the clinic's issued
 * invoices and credit notes, cut to their bookkeeping content like an erased client's (domain/invoices/retention.ts),
 * its invoice-number claims (the proof the sequence has no gaps), and our own sales records of the clinic (its
 * purchases and SMS charges). Besides them the company record and its therapists stay as stubs without personal
 * data (name of the clinic and CVR, which the invoices print anyway), so the clinic's old links keep saying it takes
 * no online bookings. When the last invoice's retention has ended (sweepExpiredInvoices deletes it), the rest goes.
 */
import type { Types } from 'mongoose';
import type { InvoiceSnapshot } from '@klinik/core';
import { deleteInBatches } from '../data/delete-in-batches.js';
import { tenantDb, TENANT_MODEL_NAMES, type TenantModelName } from '../data/tenant-db.js';
import { bookkeepingOnly, keepUntil } from '../domain/invoices/retention.js';
import { COMPANY_PURGE_GRACE_MS } from '../domain/platform/deletion.js';
import { twoFactorKey } from '../domain/accounts/two-factor.js';
import type { Services } from '../context.js';
import type { Models } from '../models/index.js';

/**
 * Kept for bookkeeping (see above); Therapist becomes stubs. The access log is kept too: append-only, it goes only
 * with its own five years (domain/access-log/sweep.ts), so who read a record stays known after the clinic left.
 */
const KEPT: readonly TenantModelName[] = ['Invoice', 'InvoiceClaim', 'Purchase', 'SmsCharge', 'Therapist', 'AccessLog'];
/**
 * /Statistik's kept figures last: deleting bookings, opening hours or SMS usage records the months they touched
 * (models/statistics.ts), which must not outlive the purge.
 */
const STATISTICS: readonly TenantModelName[] = ['StatisticsChange', 'StatisticsMonth'];
const DELETED = [...TENANT_MODEL_NAMES.filter((name) => !KEPT.includes(name) && !STATISTICS.includes(name)), ...STATISTICS];

const WHY = { crossTenant: 'the purge job looks for deleted clinics whose grace period is over' };
/** deleteInBatches deletes by the `_id`s it found under the clinic's companyId: the second step names no company. */
const BY_FOUND_IDS = { crossTenant: "the purge deletes by the ids it found under the deleted clinic's companyId" };
const BATCH = 200;

export interface PurgeResult {
  purged: number;
  removed: number;
}

/** Purges every clinic deleted more than the grace period ago, then removes the stubs whose retention has ended. */
export async function purgeDeletedCompanies(services: Pick<Services, 'models' | 'blobs' | 'logger'>, now: number, graceMs = COMPANY_PURGE_GRACE_MS): Promise<PurgeResult> {
  const { models } = services;
  const due = await models.Company.find({ deletedAt: { $ne: null, $lte: now - graceMs }, purgedAt: null }, { _id: 1 }).setOptions(WHY).lean();
  for (const company of due) await purgeCompany(services, company._id, now);
  const ended = await models.Company.find({ purgedAt: { $ne: null }, keepUntil: { $lte: now } }, { _id: 1 }).setOptions(WHY).lean();
  let removed = 0;
  for (const company of ended) removed += (await removeStubs(models, company._id)) ? 1 : 0;
  return { purged: due.length, removed };
}

/** Everything of one deleted clinic but its bookkeeping records and stubs; safe to run again. */
export async function purgeCompany(services: Pick<Services, 'models' | 'blobs' | 'logger'>, companyId: Types.ObjectId, now: number): Promise<void> {
  const { models, blobs } = services;
  const db = tenantDb(models, companyId);

  // Invoices: bookkeeping content only, each kept until its own retention ends.
  let latestKeep = now;
  for (const invoice of await db.Invoice.find({}, { snapshots: 1, year: 1, keepUntil: 1 }).lean()) {
    const until = invoice.keepUntil ?? keepUntil(invoice.year);
    latestKeep = Math.max(latestKeep, until);
    await db.Invoice.updateOne({ _id: invoice._id }, { $set: { snapshots: ((invoice.snapshots ?? []) as InvoiceSnapshot[]).map(bookkeepingOnly), keepUntil: until } });
  }

  // The derived records, through their own modules, while the records they hang on still tell their ids.
  await db.slots.releaseAll();
  for (const date of await db.EventDate.find({}, { _id: 1 }).lean()) await db.seats.release({ eventDateId: date._id });
  for (const client of await db.Client.find({}, { _id: 1 }).lean()) await db.stamjournalSeeds.forget(client._id.toString());
  const therapistIds = (await db.Therapist.find({}, { _id: 1 }).lean()).map((therapist) => therapist._id);
  await db.smsFreeSlots.forgetTherapists(therapistIds);

  // Blobs before their records: a run cut off between the two finds the record again next time.
  for (;;) {
    const images = await db.Image.find({}, { blobKey: 1, previewKey: 1 }).limit(BATCH).lean();
    if (images.length === 0) break;
    for (const image of images) {
      await blobs.delete(image.blobKey);
      await blobs.delete(image.previewKey);
    }
    await db.Image.deleteMany({ _id: { $in: images.map((image) => image._id) } });
  }
  for (;;) {
    const uploads = await db.SupportUpload.find({}, { files: 1 }).limit(BATCH).lean();
    if (uploads.length === 0) break;
    for (const upload of uploads) for (const file of upload.files ?? []) await blobs.delete(file.blobKey);
    await db.SupportUpload.deleteMany({ _id: { $in: uploads.map((upload) => upload._id) } });
  }
  for (;;) {
    const runs = await db.ImportRun.find({}, { files: 1, ownFiles: 1 }).limit(BATCH).lean();
    if (runs.length === 0) break;
    for (const run of runs) if (run.ownFiles) for (const file of run.files ?? []) await blobs.delete(file.blobKey);
    await db.ImportRun.deleteMany({ _id: { $in: runs.map((run) => run._id) } });
  }

  for (const name of DELETED) await deleteInBatches(models[name], { companyId }, BY_FOUND_IDS, 500);

  // Platform records of its therapists: mailed links and two-factor secrets.
  await deleteInBatches(models.LinkToken, { therapistId: { $in: therapistIds } });
  for (const therapistId of therapistIds) await models.TwoFactor.deleteOne({ _id: twoFactorKey('therapist', therapistId.toString()) });

  // Stubs: no personal data left.
  for (const therapistId of therapistIds) {
    await db.Therapist.updateOne(
      { _id: therapistId },
      {
        $set: {
          username: `deleted:${therapistId.toString()}`,
          nameFirst: 'Slettet',
          nameLast: 'terapeut',
          email: '',
          phone: '',
          passwordHash: null,
          bookingMailText: '',
          followUpText: '',
          followUpTextCourse: '',
          subscription: null,
          isActive: false,
        },
      },
    );
  }
  await db.Company.updateOne(
    {},
    {
      $set: {
        address: '',
        post: '',
        town: '',
        email: '',
        phone: '',
        contactPersion: '',
        logo: null,
        dineroOrgId: null,
        dineroRefreshToken: null,
        dineroAccessToken: null,
        dineroAccessTokenExpiresAt: null,
        regNumber: '',
        accountNumber: '',
        mobilePay: '',
        keepUntil: latestKeep,
        purgedAt: now,
      },
    },
  );
  services.logger.info({ companyId }, 'deleted clinic purged');
}

/** The stubs of a purged clinic whose last invoice has gone; false while an invoice is still kept. */
async function removeStubs(models: Models, companyId: Types.ObjectId): Promise<boolean> {
  const db = tenantDb(models, companyId);
  if (await db.Invoice.exists({})) return false;
  for (const name of ['InvoiceClaim', 'Purchase', 'SmsCharge', 'Therapist'] as const) await deleteInBatches(models[name], { companyId }, BY_FOUND_IDS);
  await models.Company.deleteOne({ _id: companyId });
  return true;
}
