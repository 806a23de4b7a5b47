import { useId, useState, type ChangeEvent } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TOASTS } from '../../../../shared/messages';
import { IMAGE_UPLOAD, productFields } from '../../../../shared/schemas/admin';
import { TextField } from '../../../components/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { checkImageFile, useUploadImage } from '../api/upload-image';

interface ImageFieldProps {
  /** `register('image')`: the link the product is saved with. */
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** The field's current value, for the preview. */
  value: string;
  /** An uploaded photo's address, to be put into the image field. */
  onUploaded: (url: string) => void;
  /** The image a tool being edited has now: previewed even when it is one of the store's own files. */
  currentImage?: string;
}

/** A value the store can show as the product photo: an https link or an uploaded photo. */
const isImageAddress = (value: string) => productFields.shape.image.safeParse(value).success;

/**
 * The product photo: a link typed in, or a photo chosen from the device, which is uploaded at once
 * and its address put into the link field. Either way a preview shows what will be saved. Mount it
 * with a new `key` to clear the chosen file and any upload error.
 */
export function ImageField({ registration, error, value, onUploaded, currentImage }: ImageFieldProps) {
  const fileId = useId();
  const fileErrorId = `${fileId}-error`;
  const upload = useUploadImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    setUploadError(problem);
    if (problem) {
      input.value = '';
      return;
    }
    try {
      const image = await upload.mutateAsync(file);
      onUploaded(image.url);
    } catch (failure) {
      input.value = '';
      setUploadError(failure instanceof ApiRequestError ? failure.message : TOASTS.tryAgain);
    }
  };

  const trimmed = value.trim();
  const showPreview = (trimmed === currentImage || isImageAddress(trimmed)) && trimmed !== brokenPreview;

  return (
    <div className="space-y-3">
      <TextField
        label="Image"
        type="text"
        inputMode="url"
        autoComplete="off"
        placeholder="https://… or upload a photo below"
        registration={registration}
        error={error}
      />
      <div className="form-control w-full">
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
          Or upload a photo (PNG, JPEG or WebP, at most {IMAGE_UPLOAD.maxBytes / (1024 * 1024)} MB)
        </label>
        <input
          id={fileId}
          type="file"
          accept={IMAGE_UPLOAD.types.join(',')}
          className={`file-input w-full ${uploadError ? 'file-input-error' : ''}`}
          disabled={upload.isPending}
          aria-invalid={uploadError ? true : undefined}
          aria-describedby={uploadError ? fileErrorId : undefined}
          onChange={(event) => void onFileChosen(event)}
        />
        {upload.isPending ? (
          <p role="status" className="mt-1 flex items-center gap-2 text-sm">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            Uploading the photo…
          </p>
        ) : null}
        {uploadError ? (
          <p id={fileErrorId} role="alert" className="mt-1 text-sm text-error">
            {uploadError}
          </p>
        ) : null}
      </div>
      {showPreview ? (
        <img
          src={trimmed}
          alt="Preview of the product photo"
          width={320}
          height={240}
          className="aspect-[4/3] w-full max-w-xs rounded-box bg-base-200 object-contain"
          onError={() => setBrokenPreview(trimmed)}
        />
      ) : null}
      {trimmed !== '' && trimmed === brokenPreview ? (
        <p className="text-sm text-base-content/80">This link does not open as a picture here.</p>
      ) : null}
    </div>
  );
}
