/**
 * The cloud-drive backup (spec 2: Images 'Drive', Drive quota, §7 Storage: Google sign-in with the drive.file scope,
 * quota, list, create, upload, delete; setGoogleUploadForClientProfile, setGoogleUploadForJournalImage).
 *
 * Each therapist signs in with their own Google account (the connection is the therapist's, as the spec's 'signed
 * in / signed out' is): the tokens stay on the server and no answer carries one. Everything but the status and
 * signing out needs the clinic's cloud-drive add-on (403 with a Danish message otherwise). Names the spec does not
 * give are ours in its style.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { DRIVE_NAME_MAX, DRIVE_UPLOAD_MAX_BYTES, DRIVE_UPLOAD_MAX_FILES, driveMessages } from '../drive.js';
import { requiredText } from '../fields.js';

/** A drive file or folder id as Google makes them (letters, digits, '-' and '_'). */
export const driveFileId = z
  .string({ error: driveMessages.notFound })
  .min(1, driveMessages.notFound)
  .max(200, driveMessages.notFound)
  .regex(/^[\w-]+$/, driveMessages.notFound);

export const driveStatusSchema = z.strictObject({
  /** The clinic's cloud-drive add-on is on (active, or cancelled within its period). */
  addOnActive: z.boolean(),
  /** A drive provider is configured (the sandbox counts): without one the panel stays hidden. */
  configured: z.boolean(),
  provider: z.enum(['google', 'sandbox', 'none']),
  connected: z.boolean(),
  /** The Google account signed in (its e-mail), when the drive says it. */
  account: z.string().nullable(),
  /** The switches (spec: setGoogleUploadForClientProfile, setGoogleUploadForJournalImage); off when signed out. */
  uploadClientProfile: z.boolean(),
  uploadJournalImage: z.boolean(),
  /** Access was lost (revoked, or a sign-in without the drive permission): the spec's alert is shown once. */
  accessLost: z.boolean(),
  /** The last copy of an image that failed, in Danish, and when. */
  lastCopyError: z.string().nullable(),
  lastCopyErrorAt: z.number().nullable(),
  /** How many of the caller's images have a copy on the drive. */
  copiedImages: z.number().int(),
});
export type DriveStatus = z.infer<typeof driveStatusSchema>;

/** Spec 2, Drive quota (GB with two decimals), and the same in bytes for the bar. */
export const driveQuotaSchema = z.strictObject({
  limitInGB: z.number().nullable(),
  usageInGB: z.number(),
  usageInDriveInGB: z.number(),
  usageInDriveTrashInGB: z.number(),
  limitBytes: z.number().nullable(),
  usageBytes: z.number(),
});
export type DriveQuota = z.infer<typeof driveQuotaSchema>;

export const driveItemSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  isFolder: z.boolean(),
  mimeType: z.string(),
  size: z.number().nullable(),
  modifiedTime: z.number().nullable(),
});
export type DriveItem = z.infer<typeof driveItemSchema>;

export const driveFolderSchema = z.strictObject({
  /** The folder shown, and the way from the clinic's folder down to it (the first entry is the clinic's folder). */
  folder: z.strictObject({ id: z.string(), name: z.string() }),
  path: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  items: z.array(driveItemSchema),
  /** More than the answer holds. */
  truncated: z.boolean(),
});
export type DriveFolder = z.infer<typeof driveFolderSchema>;

const drivePro = { access: 'therapist', plan: 'pro' } as const;

export const driveActions = {
  getGoogleDriveStatus: defineAction({
    access: 'therapist',
    summary: "The caller's drive: add-on, configured, signed in (the account), the two switches, a lost access. Never a token.",
    input: noInput,
    output: z.strictObject({ data: driveStatusSchema }),
  }),
  getGoogleDriveConnectUrl: defineAction({
    ...drivePro,
    summary: "The consent page's `url` (Google, or the API's sandbox) with a `state` bound to the caller's session.",
    input: noInput,
    output: z.strictObject({ message: z.string(), url: z.string() }),
  }),
  connectGoogleDrive: defineAction({
    ...drivePro,
    summary: "The return page: exchanges `code` once for the caller's state; makes or finds the clinic's 'Klinik' folder.",
    input: z.strictObject({
      code: z.string({ error: driveMessages.signInFailed }).min(1, driveMessages.signInFailed).max(2048).regex(/^[\w.~+/=-]+$/, driveMessages.signInFailed),
      state: z.string({ error: driveMessages.stateInvalid }).min(1, driveMessages.stateInvalid).max(2048).regex(/^[\w.-]+$/, driveMessages.stateInvalid),
    }),
    output: z.strictObject({ message: z.string(), data: driveStatusSchema }),
  }),
  getGoogleDriveQuota: defineAction({
    ...drivePro,
    summary: 'Spec 2 Drive quota of the signed-in account: limitInGB, usageInGB, usageInDriveInGB, usageInDriveTrashInGB.',
    input: noInput,
    output: z.strictObject({ data: driveQuotaSchema }),
  }),
  getGoogleDriveFiles: defineAction({
    ...drivePro,
    summary: "Files and folders of the clinic's folder, or of a folder inside it (`folderId`).",
    input: z.strictObject({ folderId: driveFileId.optional() }),
    output: z.strictObject({ data: driveFolderSchema }),
  }),
  createGoogleDriveFolder: defineAction({
    ...drivePro,
    summary: "A new folder in the clinic's folder or in a folder inside it.",
    input: z.strictObject({ name: requiredText('Mappenavn', DRIVE_NAME_MAX), parentId: driveFileId.optional() }),
    output: z.strictObject({ message: z.string(), data: driveItemSchema }),
  }),
  uploadGoogleDriveFile: defineAction({
    ...drivePro,
    uploads: { files: DRIVE_UPLOAD_MAX_FILES, fileBytes: DRIVE_UPLOAD_MAX_BYTES, field: 'files', tooLarge: driveMessages.fileTooLarge, tooMany: driveMessages.tooManyFiles },
    summary: "Multipart upload of up to 5 files (5 MB each) into the clinic's folder or a folder inside it.",
    input: z.strictObject({ folderId: driveFileId.optional() }),
    output: z.strictObject({ message: z.string(), data: z.array(driveItemSchema) }),
  }),
  deleteGoogleDriveFile: defineAction({
    ...drivePro,
    summary: "Deletes a file or folder inside the clinic's folder (never the clinic's folder itself).",
    input: z.strictObject({ id: driveFileId }),
    output: messageAnswer,
  }),
  signOutGoogleDrive: defineAction({
    access: 'therapist',
    summary: "Signs the caller out of the drive: the tokens are revoked and forgotten, both upload switches go off.",
    input: noInput,
    output: messageAnswer,
  }),
  setGoogleUploadForClientProfile: defineAction({
    ...drivePro,
    summary: "Spec: copy each client profile image the caller uploads to the drive's clinic folder (needs a sign-in).",
    input: z.strictObject({ value: z.boolean() }),
    output: z.strictObject({ message: z.string(), data: driveStatusSchema }),
  }),
  setGoogleUploadForJournalImage: defineAction({
    ...drivePro,
    summary: "Spec: copy each journal image the caller uploads to the drive's clinic folder (needs a sign-in).",
    input: z.strictObject({ value: z.boolean() }),
    output: z.strictObject({ message: z.string(), data: driveStatusSchema }),
  }),
} as const;
