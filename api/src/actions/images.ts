/** Patient and journal images and the clinic's storage (core/src/actions/images.ts). Thin. */
import type { imageActions } from '@klinik/core';
import { deleteImage, listImages, storageUsage, uploadImages } from '../domain/images/images.js';
import type { Handlers } from './types.js';

export const imageHandlers: Handlers<keyof typeof imageActions> = {
  async uploadImages(input, ctx) {
    const data = await uploadImages(ctx, input);
    return { message: data.length === 1 ? 'Billedet er uploadet' : `${data.length} billeder er uploadet`, data };
  },
  getImages: async (input, ctx) => ({ data: await listImages(ctx, input) }),
  async deleteImage({ id }, ctx) {
    await deleteImage(ctx, id);
    return { message: 'Billedet er slettet' };
  },
  getStorageUsage: async (_input, ctx) => ({ data: await storageUsage(ctx) }),
};
