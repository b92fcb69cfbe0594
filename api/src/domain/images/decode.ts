/**
 * Image decoding off the request thread: each uploaded image is decoded in its own worker thread
 * (`decode-worker.mjs`) with bounds on frames and pixels and a time limit, and at most `DECODE_CONCURRENCY`
 * decode at once (the rest wait their turn). sharp's work runs on the libuv thread pool that argon2 (sign-in)
 * also uses; bounding how many images decode at once, each with one libvips thread, keeps threads free for
 * sign-ins, and a worker that runs over its time is terminated, so one hostile image cannot hold the server.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { IMAGE_RESIZED_WIDTH } from '@klinik/core';
import { ValidationError } from '../../errors.js';
import { repoRoot } from '../../paths.js';
import { uploadTexts } from './texts.js';

/** Bounds of one image: a photo of a 48 MP phone passes; a decompression bomb or a 10,000-frame GIF does not. */
export const DECODE_LIMITS = {
  /** Pixels of all frames together. */
  pixels: 60_000_000,
  frames: 200,
  /** libvips' own limit per pipeline (whole seconds). */
  seconds: 10,
  /** The worker is terminated after this, whatever it is doing (a test lowers it to see that happen). */
  killAfterMs: 20_000,
};

export const DECODE_CONCURRENCY = 2;
const queue = pLimit(DECODE_CONCURRENCY);
/** Workers running now and the most at once since start (a test reads them to see the bound hold). */
export const decodeLoad = { running: 0, peak: 0 };

// The same file from the sources and from dist/: it is plain JavaScript, found from the repository root.
const WORKER_FILE = path.join(repoRoot, 'api', 'src', 'domain', 'images', 'decode-worker.mjs');

export type ImageFormat = 'jpeg' | 'png' | 'gif';

export interface DecodedImage {
  format: ImageFormat;
  original: Buffer;
  preview: Buffer;
}

type Refusal = 'type' | 'frames' | 'pixels';
type WorkerAnswer = { ok: true; result: Record<string, unknown> } | { ok: false; code: Refusal };

function toBuffer(value: unknown): Buffer {
  const bytes = value as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function runWorker(task: 'image' | 'logo', file: string, field: string, typeMessage: string): Promise<Record<string, unknown>> {
  return queue(async () => {
    decodeLoad.running += 1;
    decodeLoad.peak = Math.max(decodeLoad.peak, decodeLoad.running);
    try {
      return await new Promise<Record<string, unknown>>((resolve, reject) => {
        const worker = new Worker(WORKER_FILE, {
          workerData: { task, path: file, limits: DECODE_LIMITS, resizedWidth: IMAGE_RESIZED_WIDTH },
          resourceLimits: { maxOldGenerationSizeMb: 128 },
        });
        const refuse = (message: string) => reject(new ValidationError(message, { [field]: message }));
        let settled = false;
        const timer = setTimeout(() => {
          settled = true;
          void worker.terminate();
          refuse(uploadTexts.tooSlow);
        }, DECODE_LIMITS.killAfterMs);
        worker.once('message', (answer: WorkerAnswer) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          if (answer.ok) resolve(answer.result);
          else refuse(answer.code === 'frames' ? uploadTexts.tooManyFrames : answer.code === 'pixels' ? uploadTexts.tooManyPixels : typeMessage);
        });
        worker.once('error', (error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(error);
        });
        worker.once('exit', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          // Out of memory (resourceLimits) or killed: the image is what made it so.
          refuse(typeMessage);
        });
      });
    } finally {
      decodeLoad.running -= 1;
    }
  });
}

/** Checks a stored upload by content and makes the EXIF-free original and the preview copy. */
export async function decodeImage(file: string, typeMessage: string): Promise<DecodedImage> {
  const result = await runWorker('image', file, 'files', typeMessage);
  return { format: result.format as ImageFormat, original: toBuffer(result.original), preview: toBuffer(result.preview) };
}

/** A JPEG or PNG logo, made into a PNG of at most 600 × 240 px without metadata. */
export async function decodeLogo(file: string, typeMessage: string): Promise<Buffer> {
  const result = await runWorker('logo', file, 'logo', typeMessage);
  return toBuffer(result.png);
}
