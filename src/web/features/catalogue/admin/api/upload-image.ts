import { useMutation } from '@tanstack/react-query';
import { API_ERRORS, TOASTS } from '../../../../../shared/messages';
import { IMAGE_UPLOAD, type UploadedImage } from '../../../../../shared/schemas/products';
import { ApiRequestError } from '../../../../lib/api-client';
import { meansSignedOut } from '../../../../lib/request-failure';
import { getAccessToken, signOut } from '../../../../lib/session';

/** What the server would refuse anyway, said before the upload starts. */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type)) return API_ERRORS.imageNotAnImage;
  if (file.size > IMAGE_UPLOAD.maxBytes) return API_ERRORS.imageTooLarge;
  return null;
}

/**
 * POST /images (admin): the photo itself is the body, typed by its content type (the JSON client
 * would stringify it). Like every protected call, a 401 or 403 signs the person out.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  try {
    const token = await getAccessToken();
    let response: Response;
    try {
      response = await fetch('/api/images', {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': file.type },
        body: file,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiRequestError(0, TOASTS.tryAgain, null);
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) throw ApiRequestError.fromResponse(response.status, body);
    return body as UploadedImage;
  } catch (error) {
    if (error instanceof ApiRequestError && meansSignedOut(error)) await signOut();
    throw error;
  }
}

/** Lets a form hold its submit button while a photo is still uploading. */
export const uploadImageMutationKey = ['admin', 'upload-image'] as const;

export function useUploadImage() {
  return useMutation({ mutationKey: uploadImageMutationKey, mutationFn: uploadImage });
}
