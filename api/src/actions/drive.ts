/** The cloud-drive backup (core/src/actions/drive.ts). Thin. */
import { driveMessages, type driveActions } from '@klinik/core';
import { connect, connectUrl, driveStatus, setUploadFlag, signOut } from '../domain/drive/connection.js';
import { createDriveFolder, deleteDriveItem, driveQuota, listDriveFolder, uploadDriveFiles } from '../domain/drive/files.js';
import type { Handlers } from './types.js';

export const driveHandlers: Handlers<keyof typeof driveActions> = {
  getGoogleDriveStatus: async (_input, ctx) => ({ data: await driveStatus(ctx) }),
  getGoogleDriveConnectUrl: async (_input, ctx) => ({ message: driveMessages.toConsent, url: await connectUrl(ctx) }),
  connectGoogleDrive: async (input, ctx) => ({ message: driveMessages.connected, data: await connect(ctx, input) }),
  getGoogleDriveQuota: async (_input, ctx) => ({ data: await driveQuota(ctx) }),
  getGoogleDriveFiles: async (input, ctx) => ({ data: await listDriveFolder(ctx, input) }),
  createGoogleDriveFolder: async (input, ctx) => ({ message: driveMessages.folderCreated, data: await createDriveFolder(ctx, input) }),
  async uploadGoogleDriveFile(input, ctx) {
    const data = await uploadDriveFiles(ctx, input);
    return { message: driveMessages.uploaded(data.length), data };
  },
  async deleteGoogleDriveFile({ id }, ctx) {
    await deleteDriveItem(ctx, id);
    return { message: driveMessages.deleted };
  },
  async signOutGoogleDrive(_input, ctx) {
    await signOut(ctx);
    return { message: driveMessages.signedOut };
  },
  setGoogleUploadForClientProfile: async ({ value }, ctx) => ({ message: driveMessages.settingSaved, data: await setUploadFlag(ctx, 'uploadClientProfile', value) }),
  setGoogleUploadForJournalImage: async ({ value }, ctx) => ({ message: driveMessages.settingSaved, data: await setUploadFlag(ctx, 'uploadJournalImage', value) }),
};
