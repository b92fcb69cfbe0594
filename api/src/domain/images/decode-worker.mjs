/**
 * Decodes and re-encodes one uploaded image in a worker thread (api/src/domain/images/decode.ts starts it).
 * Plain JavaScript so that the same file runs from the sources (jest) and beside the compiled API.
 *
 * The header is read first and the image refused before any pixel is decoded when it has too many frames or
 * pixels (a 1 KB GIF can claim 10,000 frames of 10,000 × 10,000); an animation is held to its own, smaller bounds
 * (`limits.animated`), and the parent is told it is one, so that it applies the animation's shorter time. libvips gets
 * one thread and a time limit of its own; the parent terminates the worker when that is not enough.
 */
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';

sharp.concurrency(1);
sharp.cache(false);

class Refused extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

async function header(path, limits) {
  let meta;
  try {
    // Only the header is read here, so no pixel limit yet: the bounds below then name what is wrong.
    meta = await sharp(path, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    throw new Refused('type');
  }
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? Math.ceil((meta.height ?? 0) / frames);
  const animated = frames > 1;
  const pixels = (meta.width ?? 0) * frameHeight * frames;
  if (animated && frames > limits.animated.frames) throw new Refused('frames');
  if (animated && pixels > limits.animated.pixels) throw new Refused('animationPixels');
  if (pixels > limits.pixels) throw new Refused('pixels');
  parentPort.postMessage({ header: { animated } });
  return { format: meta.format, animated, bounds: animated ? limits.animated : limits };
}

async function image({ path, limits, resizedWidth }) {
  const { format, animated, bounds } = await header(path, limits);
  if (format !== 'jpeg' && format !== 'png' && format !== 'gif') throw new Refused('type');
  const options = { limitInputPixels: bounds.pixels, animated: format === 'gif' };
  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF and GPS are gone.
  const source = () => (format === 'gif' ? sharp(path, options) : sharp(path, options).rotate()).timeout({ seconds: bounds.seconds });
  const encode = (pipeline) =>
    format === 'jpeg' ? pipeline.jpeg({ quality: 88 }) : format === 'png' ? pipeline.png({ compressionLevel: 8 }) : pipeline.gif();
  try {
    const original = await encode(source()).toBuffer();
    const preview = await encode(source().resize({ width: resizedWidth, withoutEnlargement: true })).toBuffer();
    return { format, animated, original, preview };
  } catch {
    throw new Refused('type');
  }
}

async function logo({ path, limits }) {
  const { format, animated } = await header(path, limits);
  if ((format !== 'jpeg' && format !== 'png') || animated) throw new Refused('type');
  try {
    const png = await sharp(path, { limitInputPixels: limits.pixels })
      .timeout({ seconds: limits.seconds })
      .rotate()
      .resize({ width: 600, height: 240, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { format, png };
  } catch {
    throw new Refused('type');
  }
}

const tasks = { image, logo };

tasks[workerData.task](workerData).then(
  // Copied, not transferred: buffers that libvips allocated cannot always be transferred.
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, code: error instanceof Refused ? error.code : 'type' }),
);
