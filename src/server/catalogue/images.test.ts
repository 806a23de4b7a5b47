import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { buildProductInput } from '../../../tests/support/factories';
import { jpegImage, pngClaimingSize, pngImage, webpImage } from '../../../tests/support/fixtures/images';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, IMAGE_SHAPE, IMAGE_UPLOAD, UPLOADED_IMAGE_PATH, largeImageUrl } from '../../shared';
import { productImages } from '../db/schema';
import { documentPolicy } from '../../../tests/support/document-policy';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let png: Buffer;
appWithCastForFile((cast) => ({ t, A: customer, admin } = cast));
beforeAll(async () => {
  png = await pngImage(2000, 1000);
});

const storedImages = async () => (await t.database.db.select({ n: count() }).from(productImages))[0]!.n;

function upload(body: Buffer | string, contentType = 'image/png', user: TestUser | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...(user ? bearer(user) : {}), 'content-type': contentType },
    payload: body,
  });
}

async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

describe('POST /api/images', () => {
  it.each([
    ['anonymous', 401, API_ERRORS.signInRequired, null],
    ['a customer', 403, API_ERRORS.forbidden, 'customer'],
  ] as const)('refuses %s with %i and stores nothing', async (_who, status, message, caller) => {
    const before = await storedImages();
    const res = await upload(png, 'image/png', caller ? customer : null);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
    expect(await storedImages()).toBe(before);
  });

  it('stores a PNG as WebP renditions at most 600 and 1200 px wide, served with long-lived caching', async () => {
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ _id: expect.any(String), url: `/api/images/${body._id}`, width: 600, height: 300 });
    expect(body.url).toMatch(UPLOADED_IMAGE_PATH);

    const card = await served(body.url);
    expect(card.res.statusCode).toBe(200);
    expect(card.res.headers['content-type']).toBe('image/webp');
    expect(card.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(card.res.headers['x-content-type-options']).toBe('nosniff');
    expect(card.res.headers.etag).toBeTruthy();
    expect(card.meta).toMatchObject({ format: 'webp', width: 600, height: 300 });

    const large = await served(largeImageUrl(body.url));
    expect(large.res.statusCode).toBe(200);
    expect(large.res.headers['content-type']).toBe('image/webp');
    expect(large.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(large.res.headers.etag).not.toBe(card.res.headers.etag);
    expect(large.meta).toMatchObject({ format: 'webp', width: 1200, height: 600 });

    // The stored bytes never change under an id, so a revalidation is a 304.
    const again = await t.app.inject({ method: 'GET', url: body.url, headers: { 'if-none-match': card.res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('stores a JPEG upright (EXIF orientation applied) and without its EXIF', async () => {
    // 400 × 200 as stored, shown rotated 90° by its EXIF orientation: 200 × 400 as people see it.
    const res = await upload(await jpegImage(400, 200, 6), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 200, height: 400 });
    for (const url of [res.json().url, largeImageUrl(res.json().url)]) {
      const { res: got, meta } = await served(url);
      expect(meta).toMatchObject({ format: 'webp', width: 200, height: 400 });
      expect(meta!.exif).toBeUndefined();
      expect(meta!.orientation).toBeUndefined();
      expect(got.rawPayload.includes('SecretCam')).toBe(false);
    }
  });

  it('never enlarges a small photo, and accepts WebP', async () => {
    const res = await upload(await webpImage(300, 200), 'image/webp');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
    expect((await served(largeImageUrl(res.json().url))).meta).toMatchObject({ width: 300, height: 200 });
  });

  it('judges by content, not by the label: a JPEG sent as image/png is still stored', async () => {
    const res = await upload(await jpegImage(100, 80), 'image/png');
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['a text file sent as image/png', () => Buffer.from('hello, I am definitely a PNG'), 'image/png'],
    ['an SVG sent as image/png', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'image/png'],
    ['a GIF sent as image/webp', () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer(), 'image/webp'],
    ['a truncated PNG', async () => (await pngImage(400, 400)).subarray(0, 300), 'image/png'],
    ['an empty body', () => Buffer.alloc(0), 'image/png'],
  ] as const)('refuses %s with 400 and stores nothing', async (_case, make, contentType) => {
    const before = await storedImages();
    const res = await upload(await make(), contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: API_ERRORS.imageNotAnImage });
    expect(await storedImages()).toBe(before);
  });

  it('refuses a decompression bomb (a tiny file claiming 2.5 gigapixels) without decoding it', async () => {
    const before = await storedImages();
    const bomb = pngClaimingSize(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: API_ERRORS.imageSideTooLong(50_000, 50_000, IMAGE_SHAPE.maxSide) });
    expect(await storedImages()).toBe(before);
  });

  it('still refuses a photo over 40 megapixels whose sides and shape are allowed, without decoding it', async () => {
    const before = await storedImages();
    const res = await upload(pngClaimingSize(IMAGE_SHAPE.maxSide, 4_001));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: API_ERRORS.imageTooManyPixels });
    expect(await storedImages()).toBe(before);
  });

  it('refuses a file of 5 MB + 1 byte with 413 and stores nothing; 5 MB exactly is read', async () => {
    const before = await storedImages();
    const tooBig = await upload(Buffer.alloc(IMAGE_UPLOAD.maxBytes + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ status: 413, detail: API_ERRORS.imageTooLarge });
    // At the limit the body is accepted and judged by its content (these bytes are no image).
    const atLimit = await upload(Buffer.alloc(IMAGE_UPLOAD.maxBytes, 1));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().detail).toBe(API_ERRORS.imageNotAnImage);
    expect(await storedImages()).toBe(before);
  });

  it.each(['application/json', 'text/plain', 'image/svg+xml', 'image/gif', 'multipart/form-data; boundary=x'])(
    'refuses the content type %s with 415',
    async (contentType) => {
      const before = await storedImages();
      const res = await upload(contentType === 'application/json' ? '{"file":"x"}' : png, contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ status: 415, detail: API_ERRORS.imageNotAnImage });
      expect(await storedImages()).toBe(before);
    },
  );

  it('leaves the JSON API as it was: a JSON body elsewhere is still read, and still limited to its own size', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput() });
    expect(res.statusCode).toBe(201);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...buildProductInput(), description: 'x'.repeat(200 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe(API_ERRORS.bodyTooLarge);
  });
});

describe('GET /api/images/:id', () => {
  it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id', '..%2F..%2Fetc%2Fpasswd'])('answers 404 for %s', async (id) => {
    for (const url of [`/api/images/${id}`, `/api/images/${id}/large`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.imageNotFound });
    }
  });
});

describe('a product with an uploaded photo', () => {
  it('links the photo by its url and shows it in the catalogue', async () => {
    const answer = await upload(png);
    const uploaded = answer.json();
    expect(answer.headers.location).toBe(uploaded.url);
    const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ image: uploaded.url }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(`/api/items/${res.json().insertedId}`);
    const tool = (await t.app.inject({ method: 'GET', url: res.headers.location as string })).json();
    expect(tool.image).toBe(uploaded.url);
    expect((await t.app.inject({ method: 'GET', url: tool.image })).statusCode).toBe(200);
  });
});

describe('content security policy', () => {
  it("lets the shop show its own photos and admins' https image links, and nothing else", async () => {
    const imgSrc = (await documentPolicy(t.app))
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('img-src '));
    expect(imgSrc?.split(' ').slice(1).sort()).toEqual(["'self'", 'data:', 'https:'].sort());
  });
});
