import sharp, { type Sharp } from 'sharp';
import { API_ERRORS, IMAGE_UPLOAD } from '../../shared';
import { InvalidInputError } from '../lib/domain-errors';

/**
 * Turns an uploaded file into the two WebP renditions the shop shows.
 *
 * What a file is comes from its bytes, never from the Content-Type the client sent: sharp reads
 * the header to learn the format and size before anything is decoded, so a text file labelled
 * image/png, an SVG (which could carry script) or a decompression bomb (a tiny file claiming
 * gigapixels) is refused without being decoded. Decoding then runs with `limitInputPixels` as a
 * second guard. The output is re-encoded from pixels, so no metadata (EXIF with GPS position,
 * camera serials, ICC tricks) or trailing payload of the upload ever reaches a customer.
 *
 * sharp's concurrency is left at its default: libvips works on libuv's thread pool, off the event
 * loop, and sharp already picks a conservative thread count (1 per image on glibc without jemalloc,
 * to limit memory fragmentation). Uploads are rare and admin-only, and serving a photo never runs
 * sharp (the stored bytes are sent as they are), so shoppers' requests never wait on it.
 */

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const WEBP_QUALITY = 82;

export interface ImageRendition {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  card: ImageRendition;
  large: ImageRendition;
}

export async function processUploadedImage(file: Buffer): Promise<ProcessedImage> {
  // Reads the header only, so sharp's own pixel limit is lifted here: an oversized image gets its
  // own message below instead of failing like a broken file.
  const metadata = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || !metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new InvalidInputError(API_ERRORS.imageNotAnImage, { field: 'file' });
  }
  if (metadata.width * metadata.height > IMAGE_UPLOAD.maxPixels) {
    throw new InvalidInputError(API_ERRORS.imageTooManyPixels, { field: 'file' });
  }

  // Animated files give their first frame (sharp's default), which is what a product card shows.
  const source = sharp(file, { limitInputPixels: IMAGE_UPLOAD.maxPixels, failOn: 'error' }).rotate();
  try {
    const [card, large] = await Promise.all([
      rendition(source.clone(), IMAGE_UPLOAD.cardWidth),
      rendition(source.clone(), IMAGE_UPLOAD.largeWidth),
    ]);
    return { card, large };
  } catch {
    // A header that looked right over a truncated or corrupt body.
    throw new InvalidInputError(API_ERRORS.imageNotAnImage, { field: 'file' });
  }
}

/**
 * At most `width` wide and twice that high (a very tall image is not allowed to make a card page
 * kilometres long), never enlarged, aspect ratio kept. `.rotate()` above applied the EXIF
 * orientation first, so the bounds apply to the image as people see it.
 */
async function rendition(pipeline: Sharp, width: number): Promise<ImageRendition> {
  const { data, info } = await pipeline
    .resize({ width, height: width * 2, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
