import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase } from '../db/client';
import { productImages } from '../db/schema';
import type { Identity } from '../identity/identity';
import { changeNotice, noteChange } from '../db/change-bus';
import type { ProcessedImage } from './image-processing';

export type ImageSize = 'card' | 'large';

/**
 * Stores both renditions. width/height are those of the card, the rendition served at the photo's
 * url (the large one has the same aspect ratio). The upload is an admin change: its audit entry
 * (the file's size as sent, the sizes stored) is written in the same transaction as the photo.
 */
export async function insertProductImage(db: AppDatabase, image: ProcessedImage, admin: Identity, uploadedBytes: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productImages)
      .values({ card: image.card.bytes, large: image.large.bytes, width: image.card.width, height: image.card.height, uploadedBy: admin.userId })
      .returning({ id: productImages.id, width: productImages.width, height: productImages.height });
    await recordAudit(tx, admin, {
      action: 'image.uploaded',
      targetId: row!.id,
      before: null,
      after: {
        bytes: uploadedBytes,
        width: image.card.width,
        height: image.card.height,
        largeWidth: image.large.width,
        largeHeight: image.large.height,
        storedBytes: image.card.bytes.length + image.large.bytes.length,
      },
    });
    return row!;
  });
}

/** The bytes of one rendition only (the other is not read). */
export async function findImageBytes(db: AppDatabase, id: string, size: ImageSize): Promise<Buffer | null> {
  const column = size === 'card' ? productImages.card : productImages.large;
  const [row] = await db.select({ bytes: column }).from(productImages).where(eq(productImages.id, id)).limit(1);
  return row?.bytes ?? null;
}

/** Whether the photo exists, without reading its bytes: how a kept copy is rechecked (catalogue-cache/photo-cache.ts). */
export async function imageExists(db: AppDatabase, id: string): Promise<boolean> {
  const [row] = await db.select({ id: productImages.id }).from(productImages).where(eq(productImages.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Deletes a photo. Its deletion is announced (`photos`) from the statement that deletes it, so
 * every process stops serving its copy in memory when this commits, this one before it returns.
 * No route deletes photos yet (decision 006: they outlive their tools, since orders show them);
 * whatever comes to delete one (an admin's action, a clean-up of orphans) goes through here so
 * that the cached copies go with the row.
 */
export async function deleteProductImage(db: AppDatabase, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(productImages).where(eq(productImages.id, id)).returning({ notice: changeNotice(tx, 'photos') });
    if (deleted.length === 0) return false;
    noteChange(tx, 'photos');
    return true;
  });
}
