/**
 * Copies of uploaded images on the uploader's drive (spec 2 §7: setGoogleUploadForClientProfile,
 * setGoogleUploadForJournalImage; Image entry `isGoogleImage`). Called by the image upload after the images are
 * stored here: the copy is a backup, so a drive that fails never fails the upload. The failure is logged (its kind,
 * never the drive's text) and kept on the connection for the panel; a lost grant signs the therapist out of the drive
 * (both switches off) as any drive call does.
 */
import { driveMessages } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { driveFileName } from './files.js';
import { ownConnection, recordCopyFailure, withDrive, type LiveConnection } from './connection.js';

export interface ImageToCopy {
  imageId: string;
  name: string;
  contentType: string;
  data: Buffer;
}

/** The drive ids of the copies made, by image id; empty when the switch is off or nothing could be copied. */
export async function copyImagesToDrive(ctx: TherapistContext, kind: 'profile' | 'journal', images: readonly ImageToCopy[]): Promise<Map<string, string>> {
  const copied = new Map<string, string>();
  if (images.length === 0 || ctx.services.drive.kind === 'none') return copied;
  try {
    const connection = await ownConnection(ctx);
    const on = kind === 'profile' ? connection?.uploadClientProfile : connection?.uploadJournalImage;
    if (!on || !connection?.refreshToken || !connection.folderId) return copied;
    const company = await ctx.db.Company.findById(ctx.db.companyId, { driveAddOnActive: 1 }).lean();
    if (!company?.driveAddOnActive) return copied;
    await withDrive(ctx, connection as LiveConnection, async (access, drive) => {
      for (const image of images) {
        const file = await drive.upload(access, { name: driveFileName(image.name), parentId: connection.folderId!, mimeType: image.contentType, data: image.data });
        copied.set(image.imageId, file.id);
      }
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    ctx.services.logger.warn({ err: name, kind, copied: copied.size, of: images.length }, 'drive: image copy failed');
    const reason = error instanceof ApiError ? ` ${error.message}` : '';
    await recordCopyFailure(ctx, `${driveMessages.copyFailed}${reason}`).catch((failure: unknown) => ctx.services.logger.warn({ err: (failure as Error).name }, 'drive: could not record a failed copy'));
  }
  for (const [imageId, fileId] of copied) await ctx.db.Image.updateOne({ _id: imageId }, { $set: { googleFileId: fileId } });
  return copied;
}
