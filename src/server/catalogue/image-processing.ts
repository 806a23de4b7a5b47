import sharp, { type Sharp } from 'sharp';
import { IMAGE_SHAPE, IMAGE_UPLOAD } from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { createOneAtATimeQueue } from './photo-queue';

/**
 * Turns an uploaded file into the two WebP renditions the shop shows.
 *
 * What a file is comes from its bytes, never from the Content-Type the client sent: sharp reads
 * the header to learn the format and size before anything is decoded, so a text file labelled
 * image/png, an SVG (which could carry script) or a decompression bomb (a tiny file claiming
 * gigapixels, or 1 × 39,000,000 pixels: under the megapixel limit, yet 5 to 19 s of decoding) is
 * refused without being decoded. Decoding then runs with `limitInputPixels` as a second guard. The
 * output is re-encoded from pixels, so no metadata (EXIF with GPS position, camera serials, ICC
 * tricks) or trailing payload of the upload ever reaches a customer.
 *
 * What one upload may cost (docs/decisions/022-photo-limits.md):
 * - One photo at a time per process (`photoQueue`). libvips runs on libuv's thread pool, which
 *   also reads static files and hashes passwords: four parallel uploads once held all four of its
 *   threads for seconds and the home page waited 30 s. One at a time holds one thread at most.
 * - One decode per photo: the source is decoded once to pixels of the large rendition's size, and
 *   both renditions are encoded from those (the card used to decode the source a second time).
 * - A time limit per step (sharp's `timeout`, which stops libvips itself, not only the wait).
 * - One libvips worker thread per image and no libvips operation cache: uploads are never the same
 *   twice, so the cache only held memory. A 40-megapixel PNG then costs about 130 MB while it is
 *   processed, once per process instead of once per parallel upload.
 */

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const WEBP_QUALITY = 82;
/** About 1.7 s for a 40-megapixel PNG of noise on a slow 2-core machine; a photo that needs more is refused. */
export const PHOTO_TIME_LIMIT_SECONDS = 10;
/** Waiting uploads hold their bodies (≤ 5 MB each) in memory: 4 waiting is 20 MB at most. */
export const PHOTO_QUEUE_MAX_WAITING = 4;

sharp.concurrency(1);
sharp.cache(false);

/** Every upload of this process goes through here, one at a time. */
export const photoQueue = createOneAtATimeQueue(PHOTO_QUEUE_MAX_WAITING);

export interface ImageRendition {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  card: ImageRendition;
  large: ImageRendition;
}

/**
 * Checks the header at once (a refusal never waits in the queue), then waits for its turn to
 * decode. Throws InvalidInputError for a file that is refused, PhotoQueueFullError when too many
 * uploads are already waiting.
 */
export async function processUploadedImage(file: Buffer): Promise<ProcessedImage> {
  await checkHeader(file);
  return photoQueue.run(() => renditions(file));
}

async function checkHeader(file: Buffer): Promise<void> {
  // Reads the header only, so sharp's own pixel limit is lifted here: an oversized image gets its
  // own message below instead of failing like a broken file.
  const metadata = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || !metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new DomainError('IMAGE_NOT_AN_IMAGE', {}, { field: 'file' });
  }
  const { width, height } = metadata;
  const longSide = Math.max(width, height);
  const shortSide = Math.min(width, height);
  if (longSide > IMAGE_SHAPE.maxSide) {
    throw new DomainError('IMAGE_SIDE_TOO_LONG', { width, height, maxSide: IMAGE_SHAPE.maxSide }, { field: 'file' });
  }
  if (longSide > shortSide * IMAGE_SHAPE.maxAspectRatio) {
    throw new DomainError('IMAGE_TOO_NARROW', { width, height, maxAspectRatio: IMAGE_SHAPE.maxAspectRatio }, { field: 'file' });
  }
  if (width * height > IMAGE_UPLOAD.maxPixels) {
    throw new DomainError('IMAGE_TOO_MANY_PIXELS', {}, { field: 'file' });
  }
}

/**
 * Each rendition is at most its width wide and twice that high (a very tall image is not allowed
 * to make a card page kilometres long), never enlarged, aspect ratio kept. `.rotate()` applies the
 * EXIF orientation first, so the bounds apply to the image as people see it.
 */
async function renditions(file: Buffer): Promise<ProcessedImage> {
  const bounds = (width: number) => ({ width, height: width * 2, fit: 'inside', withoutEnlargement: true }) as const;
  const timeout = { seconds: PHOTO_TIME_LIMIT_SECONDS };
  try {
    // Animated files give their first frame (sharp's default), which is what a product card shows.
    // The pixels come out as 8-bit sRGB (sharp's default output space), at most 1200 × 2400.
    const { data, info } = await sharp(file, { limitInputPixels: IMAGE_UPLOAD.maxPixels, failOn: 'error' })
      .rotate()
      .resize(bounds(IMAGE_UPLOAD.largeWidth))
      .raw({ depth: 'uchar' })
      .timeout(timeout)
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const large = await encode(sharp(data, raw).timeout(timeout));
    const card = await encode(sharp(data, raw).resize(bounds(IMAGE_UPLOAD.cardWidth)).timeout(timeout));
    return { card, large };
  } catch (error) {
    if (error instanceof Error && /^timeout/.test(error.message)) {
      throw new DomainError('IMAGE_TOO_SLOW', {}, { field: 'file' });
    }
    // A header that looked right over a truncated or corrupt body.
    throw new DomainError('IMAGE_NOT_AN_IMAGE', {}, { field: 'file' });
  }
}

async function encode(pipeline: Sharp): Promise<ImageRendition> {
  const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
