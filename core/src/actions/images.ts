/**
 * Images and storage (spec 2: Image entry, Drive quota; §4 Images; §5 Images; §7 Storage). Uploads are
 * multipart to the action endpoint; the files are checked by content, stripped of EXIF, resized on the server and
 * served only through short-lived signed URLs.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PER_UPLOAD } from '../client-records.js';
import { objectId } from '../fields.js';
import { clientMessages } from '../messages-scheduling.js';

export const imageSchema = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  journalId: z.string().nullable(),
  therapistId: z.string(),
  kind: z.enum(['profile', 'journal']),
  imageName: z.string(),
  bytes: z.number(),
  createdAt: z.number(),
  /** Signed, short-lived addresses of the stored image and of its 800 px copy. */
  imageUrl: z.string(),
  previewUrl: z.string(),
  /** Spec 2 Image entry: the id of the image's copy on the uploader's drive, or null (cloud-drive backup). */
  isGoogleImage: z.string().nullable(),
});
export type ImageEntry = z.infer<typeof imageSchema>;

export const storageSchema = z.strictObject({
  usedBytes: z.number(),
  purchasedBytes: z.number(),
  /** The cloud-drive panel shows only when the add-on is active and a drive provider (Google or the sandbox) is configured. */
  drive: z.strictObject({ enabled: z.boolean() }),
});
export type StorageUsage = z.infer<typeof storageSchema>;

export const imageActions = {
  uploadImages: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers the images the caller just uploaded' },
    uploads: {
      files: IMAGE_MAX_PER_UPLOAD,
      fileBytes: IMAGE_MAX_BYTES,
      field: 'files',
      tooLarge: clientMessages.imageSize,
      tooMany: clientMessages.tooManyImages(IMAGE_MAX_PER_UPLOAD),
    },
    plan: 'pro',
    summary:
      'Multipart upload of a profile image (one) or journal images (at most 10); replaceImageId replaces one image. JPEG/PNG/GIF by content, 4 MB each, within the storage.',
    input: z.strictObject({
      clientId: objectId,
      kind: z.enum(['profile', 'journal']),
      journalId: objectId.optional(),
      replaceImageId: objectId.optional(),
    }),
    output: z.strictObject({ message: z.string(), data: z.array(imageSchema) }),
  }),
  getImages: defineAction({
    access: 'therapist',
    accessLog: { kind: 'image', clients: (input) => input.clientId },
    plan: 'pro',
    summary: "A client's images (profile and journal images, or those of one journal) with signed addresses.",
    input: z.strictObject({ clientId: objectId, journalId: objectId.optional() }),
    output: z.strictObject({ data: z.array(imageSchema) }),
  }),
  deleteImage: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes an image and its copy and gives its bytes back to the storage.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getStorageUsage: defineAction({
    access: 'therapist',
    summary: "The clinic's used and purchased storage in bytes, and whether the cloud-drive panel is on.",
    input: noInput,
    output: z.strictObject({ data: storageSchema }),
  }),
} as const;
