/**
 * Where product photos are. No zod here: the tool and purchase pages read these without the
 * admin schemas (decision 013's first-visit budget).
 */

/** An uploaded photo is served by the store itself at this path (see the images routes). */
export const UPLOADED_IMAGE_PATH = /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const uploadedImageUrl = (id: string) => `/api/images/${id}`;
/** The larger rendition of an uploaded photo (1200 px), for the tool and purchase pages. */
export const largeImageUrl = (image: string) => (UPLOADED_IMAGE_PATH.test(image) ? `${image}/large` : image);
