import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  IMAGE_UPLOAD,
  idParam,
  isUuid,
  uploadedImageSchema,
  uploadedImageUrl,
} from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { photoQueue, processUploadedImage } from './image-processing';
import { findImageBytes, imageExists, insertProductImage, type ImageSize } from './images-repository';
import { PhotoQueueFullError } from './photo-queue';

/** About how long the uploads ahead take (one photo is usually done in a second or two). */
const BUSY_RETRY_AFTER_SECONDS = 5;

const busy = () => new DomainError('IMAGE_PROCESSING_BUSY', {}, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });

/** `If-None-Match` may list several tags, or `*`; weak comparison, as RFC 9110 says for GET. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === etag);
}

/**
 * Product photos: an admin uploads the raw file (the request body is the file itself, with its
 * image Content-Type), and anyone may read the stored WebP renditions.
 *
 * This plugin is encapsulated: its body parsers and error handler apply to these routes only.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the three image types are read here, as raw bytes; JSON or anything else is 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...IMAGE_UPLOAD.types], { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD.maxBytes }, (_request, body, done) =>
    done(null, body),
  );

  // The app-wide messages speak of JSON bodies; an upload gets the photo's own wording. Anything
  // else is thrown on to the app's error handler.
  app.setErrorHandler((error: FastifyError | PhotoQueueFullError) => {
    if (error instanceof PhotoQueueFullError) throw busy();
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new DomainError('IMAGE_TOO_LARGE');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new DomainError('IMAGE_TYPE_UNSUPPORTED');
    throw error;
  });

  app.post(
    '/images',
    {
      // Before the body is read: a stranger's 5 MB is not even parsed, nor an admin's while the
      // queue is full (it could fill meanwhile: processUploadedImage refuses then too).
      onRequest: [app.requireAdmin, refuseWhileQueueFull],
      bodyLimit: IMAGE_UPLOAD.maxBytes,
      schema: {
        summary: 'Upload a product photo: admins',
        tags: ['catalogue'],
        response: {
          201: uploadedImageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      const file = request.body;
      if (!Buffer.isBuffer(file) || file.length === 0) throw new DomainError('IMAGE_NOT_AN_IMAGE', {}, { field: 'file' });
      const image = await processUploadedImage(file);
      const row = await insertProductImage(app.db, image, request.identity!, file.length);
      request.log.info({ imageId: row.id, by: request.identity!.userId, bytes: file.length }, 'product photo uploaded');
      return reply.code(201).header('location', uploadedImageUrl(row.id)).send({ _id: row.id, url: uploadedImageUrl(row.id), width: row.width, height: row.height });
    },
  );

  // Kept in memory by the catalogue cache, which drops them when a photo's deletion is heard.
  const { photos } = app.catalogueCache;
  const serve = (size: ImageSize) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const id = request.params.id.toLowerCase();
    if (!isUuid(id)) throw new DomainError('IMAGE_NOT_FOUND');
    // The bytes under an id never change (a new photo gets a new id), so the id is a strong ETag,
    // and browsers and CDNs may keep the photo for a year without asking again.
    const photo = await photos.read(`${id}/${size}`, `"${id}-${size}"`, {
      load: () => findImageBytes(app.db, id, size),
      exists: () => imageExists(app.db, id),
    });
    if (!photo) throw new DomainError('IMAGE_NOT_FOUND');
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', photo.etag)
      .header('x-content-type-options', 'nosniff');
    if (matchesIfNoneMatch(request.headers['if-none-match'], photo.etag)) return reply.code(304).send();
    return reply.header('content-type', 'image/webp').send(photo.bytes);
  };

  // The 200 answer is bytes, not JSON: the API document describes it from `config.binaryResponse`.
  const photo = { tags: ['catalogue'], params: idParam, response: { 404: apiErrorSchema } };
  const binaryResponse = { contentType: 'image/webp', description: 'The photo, WebP' };
  app.get('/images/:id', { schema: { ...photo, summary: 'A product photo, 600 px wide' }, config: { binaryResponse } }, serve('card'));
  app.get('/images/:id/large', { schema: { ...photo, summary: 'A product photo, 1200 px wide' }, config: { binaryResponse } }, serve('large'));
};

async function refuseWhileQueueFull() {
  if (photoQueue.full) throw busy();
}
