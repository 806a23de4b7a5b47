import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countAuditEntries } from '../../../tests/support/audit';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { pngImage } from '../../../tests/support/fixtures/images';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { auditLog, productImages } from '../db/schema';
import { processUploadedImage } from './image-processing';
import { insertProductImage } from './images-repository';

/** An admin's photo upload is an admin change: audited with the photo's id, size and dimensions, in the insert's transaction. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let png: Buffer;
appWithCastForFile((cast) => ({ t, A: customer, admin } = cast));
beforeAll(async () => {
  png = await pngImage(1600, 800);
});

const db = () => t.database.db;
const storedImages = async () => (await db().select({ n: count() }).from(productImages))[0]!.n;
const upload = (user: TestUser, body: Buffer = png) =>
  t.app.inject({ method: 'POST', url: '/api/images', headers: { ...bearer(user), 'content-type': 'image/png' }, payload: body });

describe('POST /api/images (audit)', () => {
  it('writes one image.uploaded entry with the size sent and the sizes stored', async () => {
    const res = await upload(admin);
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id } = res.json() as { _id: string };
    const [photo] = await db().select().from(productImages).where(eq(productImages.id, id));
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        actorEmail: admin.email,
        action: 'image.uploaded',
        before: null,
        after: {
          bytes: png.length,
          width: 600,
          height: 300,
          largeWidth: 1200,
          largeHeight: 600,
          storedBytes: photo!.card.length + photo!.large.length,
        },
      }),
    ]);
  });

  it('writes nothing for a refused upload (a customer, or not an image)', async () => {
    const audited = await countAuditEntries(db());
    expect((await upload(customer)).statusCode).toBe(403);
    expect((await upload(admin, Buffer.from('not a picture'))).statusCode).toBe(400);
    expect(await countAuditEntries(db())).toBe(audited);
  });

  it('the photo and its entry commit together: when the entry cannot be written, no photo is stored', async () => {
    const images = await storedImages();
    const audited = await countAuditEntries(db());
    const broken = { userId: admin.userId, sessionId: 'x', email: null as unknown as string, name: admin.name, role: 'admin' as const, emailVerified: true };
    await expect(insertProductImage(db(), await processUploadedImage(png), broken, png.length)).rejects.toThrow();
    expect(await storedImages()).toBe(images);
    expect(await countAuditEntries(db())).toBe(audited);
  });
});
