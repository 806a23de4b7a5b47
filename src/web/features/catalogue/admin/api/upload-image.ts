import { useMutation } from '@tanstack/react-query';
import { API_ERRORS } from '../../../../../shared/messages';
import { IMAGE_UPLOAD, type UploadedImage } from '../../../../../shared/schemas/products';
import { uploadFileAuthed } from '../../../../lib/authed-request';

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
  return uploadFileAuthed<UploadedImage>('/images', file, file.type);
}

/** Lets a form hold its submit button while a photo is still uploading. */
export const uploadImageMutationKey = ['admin', 'upload-image'] as const;

export function useUploadImage() {
  return useMutation({ mutationKey: uploadImageMutationKey, mutationFn: uploadImage });
}
