/**
 * 'Download valgte': the chosen images fetched through their signed addresses and packed in the browser as
 * journal_images.zip (spec 2 §9). Loaded only when a download starts, with fflate. Images are stored, not
 * compressed again (JPEG, PNG and GIF are compressed already).
 */
import { zipSync, type Zippable } from 'fflate';
import type { ImageEntry } from '@klinik/core';
import { IMAGE_ZIP_NAME } from '@klinik/core/records';
import { uniqueNames } from './imageFiles';

export async function downloadImagesZip(images: readonly ImageEntry[]): Promise<void> {
  const names = uniqueNames(images.map((image) => image.imageName));
  const contents = await Promise.all(
    images.map(async (image) => {
      const response = await fetch(image.imageUrl, { credentials: 'omit' });
      if (!response.ok) throw new Error(`${image.imageName}: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  );
  const files: Zippable = {};
  names.forEach((name, index) => {
    files[name] = [contents[index]!, { level: 0 }];
  });
  const zipped = zipSync(files);
  const url = URL.createObjectURL(new Blob([zipped], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = IMAGE_ZIP_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
