import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCast, type TestUser } from '../../../tests/support/accounts';
import { auditEntriesFor, countAuditEntries } from '../../../tests/support/audit';
import { buildProductInput } from '../../../tests/support/factories';
import { pngImage } from '../../../tests/support/fixtures/images';
import { expectProblem } from '../../../tests/support/problem';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, CATALOGUE_LIMITS, CATALOGUE_TEXTS, VALIDATION, type ToolDetail, type ToolDocument } from '../../shared';
import { SEED_TOOLS } from '../seed/seed-data';
import { drawDatasheet } from '../seed/seed-datasheet';

/**
 * Issue 24 §6 and §9: several photos per tool (the main one first, reordered, replaced), and PDF
 * documents an admin uploads, names, renames and deletes, which anyone downloads as an attachment
 * that a browser cannot run. What is not a PDF, or too large, is refused, and nothing changes.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let pdf: Buffer;
/** Uploaded photos' addresses. */
let uploaded: string[];
beforeAll(async () => {
  t = await createTestApp();
  const cast = await createCast(t.app, t.database.db);
  admin = cast.admin;
  customer = cast.A;
  pdf = await drawDatasheet(SEED_TOOLS[0]!, 'ToolHouse', new Date(Date.UTC(2026, 0, 15)));
  uploaded = [];
  for (let i = 0; i < 4; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...bearer(admin), 'content-type': 'image/png' },
      payload: await pngImage(400 + i * 10, 300),
    });
    expect(res.statusCode, res.body).toBe(201);
    uploaded.push(res.json().url);
  }
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const photo = (i: number) => `https://images.example.com/tools/photo-${i}.webp`;

const create = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: { ...buildProductInput(), ...payload } });
const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload });
const detail = async (id: string): Promise<ToolDetail> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/items/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
async function newTool(payload: Record<string, unknown> = {}): Promise<ToolDetail> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return detail(res.json().insertedId);
}
const toolCount = async () => Number((await t.app.inject({ method: 'GET', url: '/api/items?limit=1' })).headers['x-total-count']);

describe('photos', () => {
  it('a tool added with several keeps them in order; the image is the first', async () => {
    const photos = [uploaded[0]!, photo(1), uploaded[1]!];
    const tool = await newTool({ image: photos[0], photos });
    expect(tool).toMatchObject({ image: uploaded[0], photos });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/items?sort=newest&limit=1' })).json();
    expect(listed[0]).toMatchObject({ _id: tool._id, image: uploaded[0] });
  });

  it('a tool added with the image alone has it as its one photo', async () => {
    expect((await newTool({ image: photo(2) })).photos).toEqual([photo(2)]);
  });

  it('PATCH of the image alone replaces the main photo and keeps the others; PATCH of photos reorders them', async () => {
    const tool = await newTool({ image: photo(1), photos: [photo(1), photo(2), photo(3)] });
    expect((await patch(tool._id, { image: uploaded[2] })).json()).toEqual({ modifiedCount: 1 });
    expect(await detail(tool._id)).toMatchObject({ image: uploaded[2], photos: [uploaded[2], photo(2), photo(3)] });

    expect((await patch(tool._id, { photos: [photo(3), uploaded[2], photo(2)] })).json()).toEqual({ modifiedCount: 1 });
    expect(await detail(tool._id)).toMatchObject({ image: photo(3), photos: [photo(3), uploaded[2], photo(2)] });
    // Both, agreeing.
    expect((await patch(tool._id, { image: photo(2), photos: [photo(2), photo(3)] })).json()).toEqual({ modifiedCount: 1 });
    expect(await detail(tool._id)).toMatchObject({ image: photo(2), photos: [photo(2), photo(3)] });
    expect((await patch(tool._id, { photos: [photo(2), photo(3)] })).json()).toEqual({ modifiedCount: 0 });
  });

  it('an order keeps the main photo it was placed with', async () => {
    const tool = await newTool({ image: photo(5), photos: [photo(5), photo(6)], minQty: 1 });
    const placed = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer), payload: { toolId: tool._id, quantity: 1, address: '1 Main St', phone: '555-0100' } });
    expect(placed.statusCode, placed.body).toBe(201);
    await patch(tool._id, { photos: [photo(6), photo(5)] });
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${placed.json().insertedId}`, headers: bearer(customer) })).json();
    expect(order.lines[0].productImage).toBe(photo(5));
  });

  describe('refused, with 400 naming the field, changing nothing', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => photo(i));
    it.each([
      ['an image that is not the first photo', { image: photo(2), photos: [photo(1), photo(2)] }, 'image', CATALOGUE_TEXTS.imageNotFirstPhoto],
      ['11 photos', { image: photo(0), photos: many(11) }, 'photos', CATALOGUE_TEXTS.photosTooMany(10)],
      ['a photo twice', { image: photo(0), photos: [photo(0), photo(1), photo(0)] }, 'photos', CATALOGUE_TEXTS.photosRepeat],
      ['no photos', { photos: [] }, 'photos', CATALOGUE_TEXTS.photosRequired],
      ['a photo on plain http', { image: photo(0), photos: [photo(0), 'http://images.example.com/a.png'] }, 'photos.1', VALIDATION.productImageInvalid],
      ['a script address', { image: photo(0), photos: [photo(0), 'javascript:alert(1)'] }, 'photos.1', VALIDATION.productImageInvalid],
    ])('%s', async (_case, payload, field, message) => {
      const tool = await newTool({ image: photo(0), photos: [photo(0)] });
      const [countBefore, auditBefore] = [await toolCount(), await countAuditEntries(t.database.db)];
      for (const res of [await create(payload), await patch(tool._id, payload)]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toContainEqual({ field, detail: message });
      }
      expect(await toolCount()).toBe(countBefore);
      expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
      expect(await detail(tool._id)).toEqual(tool);
    });

    it('10 photos are fine', async () => {
      expect((await newTool({ image: photo(0), photos: many(10) })).photos).toEqual(many(10));
    });

    it('an uploaded photo that does not exist: 400 UNKNOWN_IMAGE', async () => {
      const missing = `/api/images/${UNKNOWN_ID}`;
      const tool = await newTool({ image: photo(0), photos: [photo(0), photo(1)] });
      const countBefore = await toolCount();
      const message = API_ERRORS.imageNotFound;
      expectProblem(await create({ image: photo(0), photos: [photo(0), uploaded[0], missing] }), {
        status: 400,
        code: 'UNKNOWN_IMAGE',
        detail: message,
        errors: [{ field: 'photos', detail: message }],
      });
      expectProblem(await patch(tool._id, { photos: [missing] }), { status: 400, code: 'UNKNOWN_IMAGE', detail: message, errors: [{ field: 'photos', detail: message }] });
      expectProblem(await patch(tool._id, { image: missing }), { status: 400, code: 'UNKNOWN_IMAGE', detail: message, errors: [{ field: 'image', detail: message }] });
      expect(await toolCount()).toBe(countBefore);
      expect(await detail(tool._id)).toEqual(tool);
    });
  });
});

const upload = (toolId: string, body: Buffer | string, { name = 'Datasheet', type = 'application/pdf', user = admin as TestUser | null } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/items/${toolId}/documents?name=${encodeURIComponent(name)}`,
    headers: { ...(user ? bearer(user) : {}), 'content-type': type },
    payload: body,
  });
const renameDocument = (toolId: string, documentId: string, name: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/items/${toolId}/documents/${documentId}`, headers: user ? bearer(user) : {}, payload: { name } });
const deleteDocument = (toolId: string, documentId: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/items/${toolId}/documents/${documentId}`, headers: user ? bearer(user) : {} });
const download = (url: string) => t.app.inject({ method: 'GET', url });

/** A file that starts and ends as a PDF does, `size` bytes long. */
const pdfOfSize = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9 - 6, 0x20), Buffer.from('%%EOF\n')]);

describe('documents', () => {
  it('an admin uploads a PDF with a name: 201 {_id, name, url, size}, listed on the tool, audited once', async () => {
    const tool = await newTool();
    // Read once, so the answer held in memory must be dropped by the upload.
    expect((await detail(tool.slug)).documents).toEqual([]);
    const res = await upload(tool._id, pdf);
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json() as ToolDocument;
    expect(document).toEqual({ _id: expect.any(String), name: 'Datasheet', url: `/api/documents/${document._id}`, size: pdf.length });
    expect(res.headers.location).toBe(document.url);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await detail(tool.slug)).documents).toEqual([document]);
    expect(await auditEntriesFor(t.database.db, document._id, 'document.uploaded')).toHaveLength(1);

    const got = await download(document.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename=("Datasheet\.pdf"|Datasheet\.pdf)$/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(got.rawPayload.equals(pdf)).toBe(true);
  });

  it('a name beyond Latin-1 is sent as filename* (RFC 6266), with a fallback', async () => {
    const tool = await newTool();
    const document = (await upload(tool._id, pdf, { name: 'Fiche de sécurité – “Été”' })).json() as ToolDocument;
    const disposition = (await download(document.url)).headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Fiche de sécurité – “Été”.pdf')}`);
  });

  it('are listed in the order uploaded; renamed and deleted by an admin, each audited once', async () => {
    const tool = await newTool();
    const manual = (await upload(tool._id, pdf, { name: 'Manual' })).json() as ToolDocument;
    const safety = (await upload(tool._id, pdf, { name: 'Safety sheet' })).json() as ToolDocument;
    expect((await detail(tool._id)).documents.map((d) => d.name)).toEqual(['Manual', 'Safety sheet']);

    const renamed = await renameDocument(tool._id, manual._id, 'User manual');
    expect(renamed.json()).toEqual({ modifiedCount: 1 });
    expect((await renameDocument(tool._id, manual._id, 'User manual')).json()).toEqual({ modifiedCount: 0 });
    expect((await detail(tool._id)).documents).toEqual([{ ...manual, name: 'User manual' }, safety]);
    expect((await download(manual.url)).headers['content-disposition']).toBe('attachment; filename="User manual.pdf"');
    expect(await auditEntriesFor(t.database.db, manual._id, 'document.updated')).toHaveLength(1);

    expect((await deleteDocument(tool._id, manual._id)).json()).toEqual({ deletedCount: 1 });
    expect((await detail(tool._id)).documents).toEqual([safety]);
    expectProblem(await download(manual.url), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
    expect(await auditEntriesFor(t.database.db, manual._id, 'document.deleted')).toHaveLength(1);
    expectProblem(await deleteDocument(tool._id, manual._id), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
    expectProblem(await renameDocument(tool._id, manual._id, 'Again'), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
  });

  it('are reached only through their own tool', async () => {
    const [a, b] = [await newTool(), await newTool()];
    const document = (await upload(a._id, pdf)).json() as ToolDocument;
    expectProblem(await renameDocument(b._id, document._id, 'Stolen'), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
    expectProblem(await deleteDocument(b._id, document._id), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
    expect((await detail(a._id)).documents).toEqual([document]);
  });

  it('go with their tool when it is deleted', async () => {
    const tool = await newTool();
    const document = (await upload(tool._id, pdf)).json() as ToolDocument;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/items/${tool._id}`, headers: bearer(admin) })).json()).toEqual({ deletedCount: 1 });
    expectProblem(await download(document.url), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
  });

  it.each([UNKNOWN_ID, 'not-a-document'])('answers 404 for the document %s', async (id) => {
    expectProblem(await download(`/api/documents/${id}`), { status: 404, code: 'DOCUMENT_NOT_FOUND', detail: CATALOGUE_TEXTS.documentNotFound });
  });

  describe('refused, changing nothing', () => {
    let tool: ToolDetail;
    beforeAll(async () => {
      tool = await newTool();
    });
    /** Sends `act`, checks the answer, and that the tool's documents and the audit log are as they were. */
    async function refused(act: () => ReturnType<typeof upload>, check: (res: Awaited<ReturnType<typeof upload>>) => void) {
      const [before, auditBefore] = [(await detail(tool._id)).documents, await countAuditEntries(t.database.db)];
      check(await act());
      expect((await detail(tool._id)).documents).toEqual(before);
      expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
    }
    const notPdf = CATALOGUE_TEXTS.documentNotPdf;

    it.each([
      ['an HTML page', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
      ['an HTML page that starts like a PDF but does not end like one', '%PDF-1.4\n<html><script>alert(1)</script></html>'],
      ['a PDF header alone', '%PDF-1.7\n'],
      ['an empty file', ''],
      ['a PNG', 'png'],
    ])('a file that is not a PDF, sent as application/pdf (%s): 400 DOCUMENT_NOT_A_PDF naming file', async (_case, body) => {
      const bytes = body === 'png' ? await pngImage(20, 20) : Buffer.from(body);
      await refused(
        () => upload(tool._id, bytes),
        (res) => expectProblem(res, { status: 400, code: 'DOCUMENT_NOT_A_PDF', detail: notPdf, errors: [{ field: 'file', detail: notPdf }] }),
      );
    });

    it.each(['text/html', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/json'])(
      'a body sent as %s: 415 (or 400 for JSON, which is no PDF either)',
      async (type) => {
        await refused(
          () => upload(tool._id, type === 'application/json' ? '{"name":"x"}' : pdf, { type }),
          (res) => {
            if (type === 'application/json') expectProblem(res, { status: 400, code: 'DOCUMENT_NOT_A_PDF', detail: notPdf, errors: [{ field: 'file', detail: notPdf }] });
            else expectProblem(res, { status: 415, code: 'DOCUMENT_TYPE_UNSUPPORTED', detail: notPdf });
          },
        );
      },
    );

    it('a file of 10 MB and one byte: 413; 10 MB exactly is taken', async () => {
      await refused(
        () => upload(tool._id, pdfOfSize(CATALOGUE_LIMITS.documentBytesMax + 1)),
        (res) => expectProblem(res, { status: 413, code: 'DOCUMENT_TOO_LARGE', detail: CATALOGUE_TEXTS.documentTooLarge }),
      );
      const res = await upload(tool._id, pdfOfSize(CATALOGUE_LIMITS.documentBytesMax));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().size).toBe(CATALOGUE_LIMITS.documentBytesMax);
      expect((await deleteDocument(tool._id, res.json()._id)).statusCode).toBe(200);
    });

    it.each([
      ['anonymous', null, 401, API_ERRORS.signInRequired],
      ['a customer', 'customer', 403, API_ERRORS.forbidden],
    ] as const)('%s: %i for an upload (even of 10 MB, refused before it is read), a rename and a delete', async (_who, who, status, detail) => {
      const user = who === 'customer' ? customer : null;
      const document = (await upload(tool._id, pdf, { name: 'Kept' })).json() as ToolDocument;
      await refused(
        async () => {
          for (const res of [await renameDocument(tool._id, document._id, 'Taken over', user), await deleteDocument(tool._id, document._id, user)]) {
            expect(res.statusCode).toBe(status);
            expect(res.json()).toMatchObject({ status, detail });
          }
          expect((await upload(tool._id, pdfOfSize(CATALOGUE_LIMITS.documentBytesMax + 1), { user })).statusCode).toBe(status);
          return upload(tool._id, pdf, { user });
        },
        (res) => {
          expect(res.statusCode).toBe(status);
          expect(res.json()).toMatchObject({ status, detail });
        },
      );
      await deleteDocument(tool._id, document._id);
    });

    it.each([
      ['no name', '?', 'name', CATALOGUE_TEXTS.documentNameRequired],
      ['a blank name', '?name=%20%20', 'name', CATALOGUE_TEXTS.documentNameRequired],
      ['a name of 81 characters', `?name=${'n'.repeat(81)}`, 'name', CATALOGUE_TEXTS.documentNameTooLong],
      ['a name on two lines', '?name=Data%0Asheet', 'name', VALIDATION.oneLine],
    ])('%s: 400 naming name', async (_case, query, field, message) => {
      await refused(
        () => t.app.inject({ method: 'POST', url: `/api/items/${tool._id}/documents${query}`, headers: { ...bearer(admin), 'content-type': 'application/pdf' }, payload: pdf }),
        (res) => {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().errors).toContainEqual({ field, detail: message });
        },
      );
    });

    it('a rename to a blank name: 400 naming name', async () => {
      const document = (await upload(tool._id, pdf, { name: 'Named' })).json() as ToolDocument;
      await refused(
        () => renameDocument(tool._id, document._id, ' '),
        (res) => {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().errors).toContainEqual({ field: 'name', detail: CATALOGUE_TEXTS.documentNameRequired });
        },
      );
      await deleteDocument(tool._id, document._id);
    });

    it.each([UNKNOWN_ID, 'not-a-tool'])('an upload to the tool %s: 404', async (id) => {
      const before = await countAuditEntries(t.database.db);
      expectProblem(await upload(id, pdf), { status: 404, code: 'TOOL_NOT_FOUND', detail: API_ERRORS.toolNotFound });
      expect(await countAuditEntries(t.database.db)).toBe(before);
    });

    it('an eleventh document: 409', async () => {
      const full = await newTool();
      for (let i = 0; i < CATALOGUE_LIMITS.documentsMax; i += 1) expect((await upload(full._id, pdf, { name: `Document ${i}` })).statusCode).toBe(201);
      const auditBefore = await countAuditEntries(t.database.db);
      expectProblem(await upload(full._id, pdf, { name: 'One too many' }), { status: 409, code: 'TOO_MANY_DOCUMENTS', detail: CATALOGUE_TEXTS.documentsTooMany(10) });
      expect((await detail(full._id)).documents).toHaveLength(10);
      expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
    });
  });
});
