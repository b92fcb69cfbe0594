/**
 * Patient and journal images. A file is accepted only if its name says JPEG/JPG/GIF/PNG *and* sharp decodes it as
 * one (so a renamed .exe is refused), at most 4 MB. The stored original is re-encoded without EXIF (no GPS, no
 * camera data), turned upright first; an 800 px wide copy is made for previews. Blobs go to the blob store encrypted
 * with the data key (security/encryption.ts encryptBytes, as the support team's uploads), and are served decrypted
 * (`servedImage`) only through short-lived signed addresses minted here for the owning clinic.
 *
 * Storage used is the sum of the clinic's StorageEntry ledger (+bytes per stored image, −bytes per deleted one,
 * each with a deterministic `_id`), so it stays exact under any number of parallel uploads and deletes. The
 * "storage full" check reads the sum before writing; parallel uploads can together pass it by at most what is in
 * flight at that moment, which the next upload then sees.
 *
 * Write order (a crash half-way leaves nothing a user can see): the image record ('uploading', invisible), the
 * blobs, the ledger entry, then 'ready'. Delete: the blobs first, then the ledger entry, then the record (removeImage);
 * a retry finishes the job without counting twice, and a blob store that is away leaves everything in place.
 * The storage ledger counts the images' own bytes (what the clinic uploaded), not the few bytes encryption adds.
 */
import { Types } from 'mongoose';
import {
  clientMessages,
  hasImageExtension,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PER_UPLOAD,
  STORAGE_ADDON_BYTES,
  isJournalEditable,
  wouldExceedStorage,
  type ImageEntry,
  type ParsedInput,
  type StorageUsage,
} from '@klinik/core';
import type { TherapistContext, UploadedFile } from '../../context.js';
import { tenantDb, type TenantDb } from '../../data/tenant-db.js';
import { ForbiddenError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { BlobStore } from '../../adapters/blobs/index.js';
import type { ImageDoc, Models } from '../../models/index.js';
import { encryptBytes, plainBytes } from '../../security/encryption.js';
import { visibleClient } from '../clients/clients.js';
import { copyImagesToDrive } from '../drive/copy.js';
import { decodeImage, type ImageFormat } from './decode.js';

const EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };
const CONTENT_TYPE: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

interface ProcessedImage {
  name: string;
  format: ImageFormat;
  original: Buffer;
  preview: Buffer;
}

/** Checks one file by name, size and content (in a worker: ./decode.ts), and makes the EXIF-free original and the 800 px copy. */
async function processImage(file: UploadedFile, clinic: string): Promise<ProcessedImage> {
  if (!hasImageExtension(file.originalName)) throw new ValidationError(clientMessages.imageType, { files: clientMessages.imageType });
  if (file.size > IMAGE_MAX_BYTES) throw new ValidationError(clientMessages.imageSize, { files: clientMessages.imageSize });
  const { format, original, preview } = await decodeImage(file.path, clientMessages.imageType, clinic);
  const name = file.originalName.replace(/[\\/\r\n\t"]/g, '_').slice(0, 200);
  return { name, format, original, preview };
}

export async function storageUsedBytes(db: TenantDb): Promise<number> {
  const [sum] = await db.StorageEntry.aggregate<{ total: number }>([{ $group: { _id: null, total: { $sum: '$bytes' } } }]);
  return sum?.total ?? 0;
}

/** What the clinic may store: its base quota (1 GB included) plus 5 GB per storage add-on it has paid for. */
async function purchasedBytes(db: TenantDb): Promise<number> {
  const [company, storageAddOns] = await Promise.all([
    db.Company.findById(db.companyId, { total_purchased_storage_bytes: 1 }).lean(),
    db.AddOnPurchase.countDocuments({ addOn: 'storage' }),
  ]);
  return (company?.total_purchased_storage_bytes ?? 0) + storageAddOns * STORAGE_ADDON_BYTES;
}

export async function storageUsage(ctx: TherapistContext): Promise<StorageUsage> {
  const [usedBytes, purchased, company] = await Promise.all([
    storageUsedBytes(ctx.db),
    purchasedBytes(ctx.db),
    ctx.db.Company.findById(ctx.company._id, { driveAddOnActive: 1 }).lean(),
  ]);
  // The panel shows with the add-on on and a drive configured (Google, or the sandbox outside production).
  return { usedBytes, purchasedBytes: purchased, drive: { enabled: Boolean(company?.driveAddOnActive) && ctx.services.drive.kind !== 'none' } };
}

function toImageEntry(ctx: TherapistContext, image: ImageDoc): ImageEntry {
  const now = ctx.now();
  return {
    id: image._id.toString(),
    clientId: image.clientId.toString(),
    journalId: image.journalId ? image.journalId.toString() : null,
    therapistId: image.therapistId.toString(),
    kind: image.kind,
    imageName: image.imageName,
    bytes: image.bytes ?? 0,
    createdAt: image.createdAt ?? 0,
    imageUrl: `${ctx.origin}${ctx.services.blobSigner.sign(image.blobKey, now)}`,
    previewUrl: `${ctx.origin}${ctx.services.blobSigner.sign(image.previewKey, now)}`,
    isGoogleImage: image.googleFileId ?? null,
  };
}

async function storeImage(
  ctx: TherapistContext,
  processed: ProcessedImage,
  owner: { clientId: Types.ObjectId; journalId: Types.ObjectId | null; kind: 'profile' | 'journal' },
): Promise<ImageDoc> {
  const id = new Types.ObjectId();
  const company = ctx.company._id.toString();
  const extension = EXTENSION[processed.format];
  const bytes = processed.original.length + processed.preview.length;
  const image = await ctx.db.Image.create({
    _id: id,
    clientId: owner.clientId,
    journalId: owner.journalId,
    therapistId: ctx.therapist._id,
    kind: owner.kind,
    imageName: processed.name,
    contentType: CONTENT_TYPE[processed.format],
    blobKey: `${company}/${id.toString()}.${extension}`,
    previewKey: `${company}/${id.toString()}_800.${extension}`,
    bytes,
    status: 'uploading',
    createdAt: ctx.now(),
  });
  await ctx.services.blobs.put(image.blobKey, encryptBytes(processed.original));
  await ctx.services.blobs.put(image.previewKey, encryptBytes(processed.preview));
  await ctx.db.StorageEntry.create({ _id: `${id.toString()}:add`, bytes });
  await ctx.db.Image.updateOne({ _id: id }, { $set: { status: 'ready' } });
  return { ...image.toObject(), status: 'ready' };
}

/**
 * Removes one image: blobs, ledger entry, record, blobs again (in that order, each step safe to repeat). The blobs go first so
 * that a store that fails (an outage of the S3 bucket) stops the removal while the record still points at them: the
 * call answers 503 and can be repeated. Record first would leave a client's deleted images in the bucket with
 * nothing pointing at them. A removal cut off after the blobs leaves an image that shows nothing and can be deleted again.
 */
async function removeStoredImage(db: TenantDb, blobs: BlobStore, image: ImageDoc): Promise<void> {
  await blobs.delete(image.blobKey);
  await blobs.delete(image.previewKey);
  const id = image._id.toString();
  const added = await db.StorageEntry.exists({ _id: `${id}:add` });
  if (added) {
    try {
      await db.StorageEntry.create({ _id: `${id}:del`, bytes: -(image.bytes ?? 0) });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  await db.Image.deleteOne({ _id: image._id });
  // Once more after the record: the encryption pass (migrations/encrypt-at-rest.ts) may have written a file back
  // between the first delete and now; it looks for the record after each write, so after this nothing is left.
  await blobs.delete(image.blobKey);
  await blobs.delete(image.previewKey);
  // The profile picture is cleared on the client whoever's client it is: the image belongs to that client.
  if (image.kind === 'profile') await db.Client.updateOne({ _id: image.clientId, profileImage: image._id }, { $set: { profileImage: null } });
}

const removeImage = (ctx: TherapistContext, image: ImageDoc) => removeStoredImage(ctx.db, ctx.services.blobs, image);

/** Uploads cut off half-way (still 'uploading' after an hour), in every clinic: blobs and any storage entry go. */
export async function sweepStalledUploads(deps: { models: Models; blobs: BlobStore }, now: number): Promise<number> {
  const stalled = await deps.models.Image.find({ status: 'uploading', createdAt: { $lt: now - 3_600_000 } })
    .setOptions({ crossTenant: 'sweeper: uploads cut off half-way, in every clinic' })
    .limit(500)
    .lean();
  for (const image of stalled) await removeStoredImage(tenantDb(deps.models, image.companyId), deps.blobs, image);
  return stalled.length;
}

async function openJournalOf(ctx: TherapistContext, journalId: string, clientId: Types.ObjectId) {
  const journal = await ctx.db.Journal.findOne({ _id: new Types.ObjectId(journalId), clientId }).lean();
  if (!journal) throw new NotFoundError(clientMessages.journalNotFound);
  if (!isJournalEditable(journal.to, ctx.now())) throw new ForbiddenError(clientMessages.journalClosed);
  return journal;
}

async function visibleImage(ctx: TherapistContext, id: string): Promise<ImageDoc> {
  // Only an image of a client the caller may see is found (the model's `client` rule).
  const image = await ctx.db.Image.findOne({ _id: new Types.ObjectId(id), status: 'ready' }).lean();
  if (!image) throw new NotFoundError(clientMessages.imageNotFound);
  return image;
}

export async function uploadImages(ctx: TherapistContext, input: ParsedInput<'uploadImages'>): Promise<ImageEntry[]> {
  const files = ctx.files;
  if (files.length === 0) throw new ValidationError(clientMessages.imageRequired, { files: clientMessages.imageRequired });
  if (input.replaceImageId && files.length > 1) throw new ValidationError(clientMessages.oneImageForEdit, { files: clientMessages.oneImageForEdit });
  if (input.kind === 'profile' && files.length > 1) throw new ValidationError(clientMessages.tooManyImages(1), { files: clientMessages.tooManyImages(1) });
  if (files.length > IMAGE_MAX_PER_UPLOAD) {
    throw new ValidationError(clientMessages.tooManyImages(IMAGE_MAX_PER_UPLOAD), { files: clientMessages.tooManyImages(IMAGE_MAX_PER_UPLOAD) });
  }
  if (input.kind === 'journal' && !input.journalId) throw new ValidationError(clientMessages.journalNotFound, { journalId: clientMessages.journalNotFound });
  if (input.kind === 'profile' && input.journalId) throw new ValidationError('Et profilbillede hører ikke til en journal', { journalId: 'Et profilbillede hører ikke til en journal' });

  const client = await visibleClient(ctx, input.clientId);
  const journal = input.journalId ? await openJournalOf(ctx, input.journalId, client._id) : null;
  const replaced = input.replaceImageId ? await visibleImage(ctx, input.replaceImageId) : null;
  if (replaced && (!replaced.clientId.equals(client._id) || String(replaced.journalId ?? '') !== String(journal?._id ?? ''))) {
    throw new NotFoundError(clientMessages.imageNotFound);
  }

  // Everything is checked and processed before anything is written: a bad file in a batch stores nothing.
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file, ctx.companyId));
  const newBytes = processed.reduce((sum, image) => sum + image.original.length + image.preview.length, 0);
  const [used, purchased] = await Promise.all([storageUsedBytes(ctx.db), purchasedBytes(ctx.db)]);
  if (wouldExceedStorage(used, newBytes, purchased)) throw new ValidationError(clientMessages.storageFull, { files: clientMessages.storageFull });

  const stored: ImageDoc[] = [];
  for (const image of processed) stored.push(await storeImage(ctx, image, { clientId: client._id, journalId: journal?._id ?? null, kind: input.kind }));

  if (input.kind === 'profile') {
    const previous = client.profileImage;
    await ctx.db.Client.updateOne({ _id: client._id }, { $set: { profileImage: stored[0]!._id } });
    const old = previous ? await ctx.db.Image.findById(previous).lean() : null;
    if (old) await removeImage(ctx, old);
  }
  if (replaced && !(input.kind === 'profile' && client.profileImage?.equals(replaced._id))) await removeImage(ctx, replaced);
  // The cloud-drive backup, after everything here is stored: it never fails the upload.
  const copies = await copyImagesToDrive(
    ctx,
    input.kind,
    stored.map((image, index) => ({ imageId: image._id.toString(), name: image.imageName, contentType: image.contentType, data: processed[index]!.original })),
  );
  return stored.map((image) => toImageEntry(ctx, { ...image, googleFileId: copies.get(image._id.toString()) ?? image.googleFileId ?? null }));
}

export async function listImages(ctx: TherapistContext, input: ParsedInput<'getImages'>): Promise<ImageEntry[]> {
  const client = await visibleClient(ctx, input.clientId);
  const filter: Record<string, unknown> = { clientId: client._id, status: 'ready' };
  if (input.journalId) filter.journalId = new Types.ObjectId(input.journalId);
  const images = await ctx.db.Image.find(filter).sort({ createdAt: -1 }).limit(1000).lean();
  return images.map((image) => toImageEntry(ctx, image));
}

export async function deleteImage(ctx: TherapistContext, id: string): Promise<void> {
  const image = await visibleImage(ctx, id);
  if (image.journalId) {
    const journal = await ctx.db.Journal.findById(image.journalId).lean();
    if (journal && !isJournalEditable(journal.to, ctx.now())) throw new ForbiddenError(clientMessages.journalClosed);
  }
  await removeImage(ctx, image);
}

/**
 * An image file as a browser gets it (`/blobs/<key>`, after the signature is checked): decrypted, or as it is when it
 * was stored before images were encrypted and the start-up pass has not reached it yet; null when there is none.
 */
export async function servedImage(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const stored = await blobs.get(key);
  return stored && plainBytes(stored);
}

/** Every image of a client (when the client is erased). */
export async function removeImagesOf(ctx: TherapistContext, clientId: Types.ObjectId): Promise<void> {
  const images = await ctx.db.Image.find({ clientId }).lean();
  for (const image of images) await removeImage(ctx, image);
}
