import { count, eq } from 'drizzle-orm';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createCast, type TestUser } from '../../../tests/support/accounts';
import { pngImage } from '../../../tests/support/fixtures/images';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, IMAGE_SHAPE, largeImageUrl } from '../../shared';
import { productImages } from '../db/schema';
import { PHOTO_QUEUE_MAX_WAITING, photoQueue } from './image-processing';
import { deleteProductImage } from './images-repository';
import { PHOTO_RECHECK_MS } from '../catalogue-cache/catalogue-cache';

/**
 * Issue 19, photos: the attacks that worked, tried again. Each upload here goes through the real
 * app; the queue is held busy by the test itself (a task of its own that waits on a gate) where a
 * test needs uploads to pile up deterministically, rather than hoping that parallel requests overlap.
 */

let t: TestApp;
let admin: TestUser;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createCast(t.app, t.database.db)).admin;
  png = await pngImage(800, 600);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const storedImages = async () => (await t.database.db.select({ n: count() }).from(productImages))[0]!.n;

function upload(body: Buffer, contentType = 'image/png') {
  return t.app.inject({ method: 'POST', url: '/api/images', headers: { ...bearer(admin), 'content-type': contentType }, payload: body });
}

/** Occupies the process's one photo slot until the returned function is called. */
async function holdTheQueue() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = photoQueue.run(() => gate);
  await vi.waitFor(() => expect(photoQueue.running).toBe(1));
  return async () => {
    release();
    await held;
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * The file from the report: a complete, valid PNG of 1 × `rows` black pixels, 1 bit per pixel.
 * Each row is 2 bytes (filter + 8 pixels) before compression, so 39,000,000 rows are 78 MB that
 * deflate to about 76 KB; decoding it took 5 to 19 s, and it is under the 40-megapixel limit.
 */
function onePixelWidePng(rows: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(rows, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(rows * 2), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photos refused from their header, before decoding', () => {
  it('refuses the 76 KB PNG of 1 × 39,000,000 pixels by its side, without waiting for the busy queue', async () => {
    const bomb = onePixelWidePng(39_000_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = await storedImages();
    // With the one photo slot taken, an upload that had to be decoded would wait here; this one
    // is answered at once, from its header alone.
    const release = await holdTheQueue();
    try {
      const res = await upload(bomb);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        detail: 'The photo is 1 × 39,000,000 pixels: at most 10,000 pixels on a side',
      });
      expect(res.json().detail).toBe(API_ERRORS.imageSideTooLong(1, 39_000_000, IMAGE_SHAPE.maxSide));
      expect(photoQueue.waiting).toBe(0);
    } finally {
      await release();
    }
    expect(await storedImages()).toBe(before);
  });

  it.each([
    ['wide', 4_200, 200],
    ['tall', 150, 3_200],
  ])('refuses a %s strip more than 20 times longer than it is broad', async (_shape, width, height) => {
    const before = await storedImages();
    const res = await upload(await pngImage(width, height));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: API_ERRORS.imageTooNarrow(width, height, IMAGE_SHAPE.maxAspectRatio) });
    expect(await storedImages()).toBe(before);
  });

  it('accepts a panorama of exactly 20:1 and a side of exactly 10,000 px', async () => {
    const panorama = await upload(await pngImage(2_000, 100));
    expect(panorama.statusCode, panorama.body).toBe(201);
    expect(panorama.json()).toMatchObject({ width: 600, height: 30 });
    const wide = await upload(await pngImage(IMAGE_SHAPE.maxSide, 1_000));
    expect(wide.statusCode, wide.body).toBe(201);
  });
});

describe('one photo at a time per process', () => {
  it('processes 4 parallel uploads one after another, and all of them are stored', async () => {
    const before = await storedImages();
    const release = await holdTheQueue();
    const uploads = Array.from({ length: 4 }, () => upload(png));
    // None of them runs while the slot is taken: they wait their turn rather than share the thread pool.
    await vi.waitFor(() => expect(photoQueue.waiting).toBe(4));
    expect(photoQueue.running).toBe(1);
    expect(await storedImages()).toBe(before);
    await release();
    const answers = await Promise.all(uploads);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await storedImages()).toBe(before + 4);
    expect(photoQueue.running).toBe(0);
  });

  it('answers 503 with Retry-After once the waiting room is full, reads and stores nothing for it, and takes uploads again after', async () => {
    const before = await storedImages();
    const release = await holdTheQueue();
    const waiting = Array.from({ length: PHOTO_QUEUE_MAX_WAITING - 1 }, () => upload(png));
    await vi.waitFor(() => expect(photoQueue.waiting).toBe(PHOTO_QUEUE_MAX_WAITING - 1));

    // Two more at once for the last place: one gets it and waits, the other is refused (by the
    // hook before its body is read, or by the queue itself if both passed the hook together).
    const lastTwo = [upload(png), upload(png)];
    const first = await Promise.race(lastTwo);
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('5');
    expect(photoQueue.waiting).toBe(PHOTO_QUEUE_MAX_WAITING);
    expect(photoQueue.full).toBe(true);

    const refused = await upload(png);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ status: 503, detail: API_ERRORS.imageProcessingBusy });
    expect(photoQueue.waiting).toBe(PHOTO_QUEUE_MAX_WAITING);

    await release();
    const answers = await Promise.all([...waiting, ...lastTwo]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(PHOTO_QUEUE_MAX_WAITING).fill(201), 503]);
    await vi.waitFor(() => expect(photoQueue.running).toBe(0));
    expect(await storedImages()).toBe(before + PHOTO_QUEUE_MAX_WAITING);

    expect((await upload(png)).statusCode).toBe(201);
  });
});

describe('photo reads from memory', () => {
  async function uploaded() {
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; url: string };
  }
  const get = (url: string, etag?: string) => t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  it('answers a second read from memory, and 304 with the same strong ETag on If-None-Match', async () => {
    const photo = await uploaded();
    const first = await get(photo.url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${photo._id}-card"`);

    const select = vi.spyOn(t.database.db, 'select');
    const second = await get(photo.url);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(etag);
    const revalidated = await get(photo.url, etag);
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(revalidated.rawPayload.length).toBe(0);
    expect(select).not.toHaveBeenCalled();

    // Another tag, or a list of them, is compared as RFC 9110 says.
    expect((await get(photo.url, '"something-else"')).statusCode).toBe(200);
    expect((await get(photo.url, `"x", W/${etag}`)).statusCode).toBe(304);
  });

  it('no longer serves a photo deleted through the repository, from memory or by 304', async () => {
    const photo = await uploaded();
    for (const url of [photo.url, largeImageUrl(photo.url)]) expect((await get(url)).statusCode).toBe(200);
    const etag = (await get(photo.url)).headers.etag as string;

    expect(await deleteProductImage(t.database.db, photo._id)).toBe(true);
    for (const url of [photo.url, largeImageUrl(photo.url)]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.imageNotFound });
    }
    expect((await get(photo.url, etag)).statusCode).toBe(404);
  });

  it('stops serving a photo deleted behind its back (another process, by hand) once its copy is rechecked', async () => {
    const photo = await uploaded();
    expect((await get(photo.url)).statusCode).toBe(200);
    await t.database.db.delete(productImages).where(eq(productImages.id, photo._id));

    // Within the recheck window the copy in memory is still served: this process was not told.
    expect((await get(photo.url)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PHOTO_RECHECK_MS + 1);
    expect((await get(photo.url)).statusCode).toBe(404);
    expect((await get(photo.url)).statusCode).toBe(404);
  });

  it('rechecks a kept photo with a query that reads no bytes, then serves it from memory again', async () => {
    const photo = await uploaded();
    expect((await get(photo.url)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PHOTO_RECHECK_MS + 1);
    const select = vi.spyOn(t.database.db, 'select');
    expect((await get(photo.url)).statusCode).toBe(200);
    expect(select).toHaveBeenCalledTimes(1);
    expect(select.mock.calls[0]![0]).toEqual({ id: productImages.id });
    expect((await get(photo.url)).statusCode).toBe(200);
    expect(select).toHaveBeenCalledTimes(1);
  });
});
