/**
 * Image decoding off the request thread: each uploaded image is decoded in its own worker thread
 * (`decode-worker.mjs`) with bounds on frames and pixels and a time limit, and at most `DECODE_CONCURRENCY`
 * decode at once (the rest wait their turn, fairly between clinics: ./fair-slots.ts). sharp's work runs on the libuv
 * thread pool that argon2 (sign-in) also uses; bounding how many images decode at once, each with one libvips
 * thread, keeps threads free for sign-ins, and a worker that runs over its time is terminated, so one hostile image
 * cannot hold the server. An animation (more than one frame) gets a much smaller budget than a photo: re-encoding a
 * GIF costs per frame (20–40 ms of CPU each on the two-core machine, against one pass for a photo), so a small file
 * of many frames held a slot for 9–20 s.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMAGE_RESIZED_WIDTH } from '@klinik/core';
import { ValidationError } from '../../errors.js';
import { repoRoot } from '../../paths.js';
import { FairSlots, type SlotGrant } from './fair-slots.js';
import { uploadTexts } from './texts.js';

/**
 * Bounds of one image: a photo of a 48 MP phone passes; a decompression bomb does not. An animation has its own,
 * smaller bounds: 50 frames (5 s at 10 frames a second, what an exercise shown as a GIF needs), 5 million pixels of
 * all frames together (50 frames of 320 × 240, or 6 of 1024 × 768) and 8 s before the worker is terminated (about
 * 4 s of CPU for both copies of such a 50-frame GIF on the two-core machine, so twice that under load).
 */
export const DECODE_LIMITS = {
  /** Pixels of all frames together. */
  pixels: 60_000_000,
  /** libvips' own limit per pipeline (whole seconds). */
  seconds: 10,
  /** The worker is terminated after this, whatever it is doing (a test lowers it to see that happen). */
  killAfterMs: 20_000,
  animated: {
    frames: 50,
    pixels: 5_000_000,
    seconds: 4,
    /** Counted from the worker's start, like `killAfterMs`; applied once the header says the image is animated. */
    killAfterMs: 8_000,
  },
};

export const DECODE_CONCURRENCY = 2;
/**
 * Workers running now and the most at once since start, the work waiting for a slot, and each slot as it is given
 * (tests read them to see the bound and the fairness hold).
 */
export const decodeLoad = { running: 0, peak: 0, waiting: 0, onGrant: null as ((grant: SlotGrant) => void) | null };
const slots = new FairSlots(DECODE_CONCURRENCY, decodeLoad);

// The same file from the sources and from dist/: it is plain JavaScript, found from the repository root.
const WORKER_FILE = path.join(repoRoot, 'api', 'src', 'domain', 'images', 'decode-worker.mjs');

export type ImageFormat = 'jpeg' | 'png' | 'gif';

export interface DecodedImage {
  format: ImageFormat;
  original: Buffer;
  preview: Buffer;
}

type Refusal = 'type' | 'frames' | 'pixels' | 'animationPixels';
/** The worker's header message (before any pixel is decoded), then its answer. */
type WorkerAnswer = { header: { animated: boolean } } | { ok: true; result: Record<string, unknown> } | { ok: false; code: Refusal };

function refusalText(code: Refusal, typeMessage: string): string {
  if (code === 'frames') return uploadTexts.tooManyFrames(DECODE_LIMITS.animated.frames);
  if (code === 'pixels') return uploadTexts.tooManyPixels;
  if (code === 'animationPixels') return uploadTexts.animationTooLarge;
  return typeMessage;
}

function toBuffer(value: unknown): Buffer {
  const bytes = value as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function runWorker(task: 'image' | 'logo', file: string, field: string, typeMessage: string, clinic: string): Promise<Record<string, unknown>> {
  return slots.run(clinic, async () => {
    decodeLoad.running += 1;
    decodeLoad.peak = Math.max(decodeLoad.peak, decodeLoad.running);
    try {
      return await new Promise<Record<string, unknown>>((resolve, reject) => {
        const worker = new Worker(WORKER_FILE, {
          workerData: { task, path: file, limits: DECODE_LIMITS, resizedWidth: IMAGE_RESIZED_WIDTH },
          resourceLimits: { maxOldGenerationSizeMb: 128 },
        });
        const refuse = (message: string) => reject(new ValidationError(message, { [field]: message }));
        const started = performance.now();
        let settled = false;
        const stop = (message: string) => {
          settled = true;
          void worker.terminate();
          refuse(message);
        };
        let timer = setTimeout(() => stop(uploadTexts.tooSlow), DECODE_LIMITS.killAfterMs);
        worker.on('message', (answer: WorkerAnswer) => {
          if (settled) return;
          if ('header' in answer) {
            if (!answer.header.animated) return;
            // An animation: its own, shorter time, counted from the start (already over: stopped here and now).
            clearTimeout(timer);
            const left = DECODE_LIMITS.animated.killAfterMs - (performance.now() - started);
            if (left <= 0) stop(uploadTexts.animationTooSlow);
            else timer = setTimeout(() => stop(uploadTexts.animationTooSlow), left);
            return;
          }
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          if (answer.ok) resolve(answer.result);
          else refuse(refusalText(answer.code, typeMessage));
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

/** Checks a stored upload by content and makes the EXIF-free original and the preview copy; `clinic` waits its fair turn. */
export async function decodeImage(file: string, typeMessage: string, clinic: string): Promise<DecodedImage> {
  const result = await runWorker('image', file, 'files', typeMessage, clinic);
  return { format: result.format as ImageFormat, original: toBuffer(result.original), preview: toBuffer(result.preview) };
}

/** A JPEG or PNG logo, made into a PNG of at most 600 × 240 px without metadata. */
export async function decodeLogo(file: string, typeMessage: string, clinic: string): Promise<Buffer> {
  const result = await runWorker('logo', file, 'logo', typeMessage, clinic);
  return toBuffer(result.png);
}
