import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { productImages } from '../db/schema';
import type { ProcessedImage } from './image-processing';

export type ImageSize = 'card' | 'large';

/**
 * Stores both renditions. width/height are those of the card, the rendition served at the photo's
 * url (the large one has the same aspect ratio).
 */
export async function insertProductImage(db: AppDatabase, image: ProcessedImage, uploadedBy: string) {
  const [row] = await db
    .insert(productImages)
    .values({ card: image.card.bytes, large: image.large.bytes, width: image.card.width, height: image.card.height, uploadedBy })
    .returning({ id: productImages.id, width: productImages.width, height: productImages.height });
  return row!;
}

/** The bytes of one rendition only (the other is not read). */
export async function findImageBytes(db: AppDatabase, id: string, size: ImageSize): Promise<Buffer | null> {
  const column = size === 'card' ? productImages.card : productImages.large;
  const [row] = await db.select({ bytes: column }).from(productImages).where(eq(productImages.id, id)).limit(1);
  return row?.bytes ?? null;
}
