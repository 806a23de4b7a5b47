import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useController, type FieldError, type UseFormReturn } from 'react-hook-form';
import { TOASTS, VALIDATION } from '../../../../../shared/messages';
import { CATALOGUE_TEXTS } from '../../../../../shared/messages/catalogue';
import { IMAGE_UPLOAD, isAllowedImage, type ProductForm } from '../../../../../shared/schemas/products';
import { CATALOGUE_LIMITS } from '../../../../../shared/schemas/catalogue-structure';
import { ApiRequestError } from '../../../../lib/api-client';
import { checkImageFile, useUploadImage } from '../api/upload-image';
import { PRODUCT_FORM_TEXTS } from '../catalogue-admin-texts';
import { firstEnabled, useFocusAfterRender } from '../use-focus-after-render';

const { photosMax } = CATALOGUE_LIMITS;

type PhotoAction = 'up' | 'down' | 'remove';

interface PhotosFieldProps<Output> {
  form: UseFormReturn<ProductForm, unknown, Output>;
}

/** The first message of the photos' errors: the list's own, one photo's, or the main image's. */
function photosError(errors: UseFormReturn<ProductForm>['formState']['errors']): string | undefined {
  const photos = errors.photos as (FieldError & { root?: FieldError } & Record<number, FieldError | undefined>) | undefined;
  if (photos?.message) return photos.message;
  if (photos?.root?.message) return photos.root.message;
  const first = Array.isArray(photos) ? (photos as (FieldError | undefined)[]).find((item) => item?.message) : undefined;
  return first?.message ?? errors.image?.message;
}

/**
 * A tool's photos: added by an https link or uploaded from the device (each upload is re-encoded
 * by the store and comes back as its own address), shown as thumbnails, never as addresses. The
 * first is the main one (the card's and the page's picture): another is made main, moved up or
 * down, or removed with its own buttons. The form's `photos` holds them in order and `image`
 * follows the first, as the API wants them.
 */
export function PhotosField<Output>({ form }: PhotosFieldProps<Output>) {
  const legendId = useId();
  const linkId = useId();
  const linkErrorId = `${linkId}-error`;
  const fileId = useId();
  const fileErrorId = `${fileId}-error`;
  const errorId = `${legendId}-error`;
  const { field } = useController({ control: form.control, name: 'photos' });
  const photos = field.value ?? [];
  const upload = useUploadImage();
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const list = useRef<HTMLOListElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const full = photos.length >= photosMax;
  const error = photosError(form.formState.errors);

  /** After a move or a removal: that photo's button for the same action, or another of its buttons. */
  const focusPhotoButton = (photo: string, action: PhotoAction) =>
    focusAfterRender(() => {
      const item = Array.from(list.current?.querySelectorAll<HTMLElement>('[data-photo]') ?? []).find((element) => element.dataset.photo === photo);
      const order: PhotoAction[] = action === 'down' ? ['down', 'up', 'remove'] : ['up', 'down', 'remove'];
      return firstEnabled(order.map((which) => item?.querySelector<HTMLButtonElement>(`[data-photo-action="${which}"]`)));
    });

  /** The photos as they are now: an upload that ends after another change adds to that. */
  const current = () => form.getValues('photos') ?? [];

  const setPhotos = (next: string[]) => {
    field.onChange(next);
    form.setValue('image', next[0] ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const move = (from: number, to: number, action: PhotoAction) => {
    const next = [...current()];
    const [photo] = next.splice(from, 1);
    if (photo === undefined) return;
    next.splice(to, 0, photo);
    focusPhotoButton(photo, action);
    setPhotos(next);
  };

  const removeAt = (index: number) => {
    const next = current().filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1];
    if (neighbour) focusPhotoButton(neighbour, 'remove');
    else focusAfterRender(() => document.getElementById(linkId));
    setPhotos(next);
  };

  /** Adds a photo at the end, or says why not; returns whether it was added. */
  const add = (photo: string): string | null => {
    const now = current();
    if (now.length >= photosMax) return CATALOGUE_TEXTS.photosTooMany(photosMax);
    if (now.includes(photo)) return CATALOGUE_TEXTS.photosRepeat;
    setPhotos([...now, photo]);
    return null;
  };

  const addLink = () => {
    const value = link.trim();
    const problem =
      value === '' ? VALIDATION.productImageRequired : value.length > 2000 || !isAllowedImage(value) ? VALIDATION.productImageInvalid : add(value);
    setLinkError(problem);
    if (!problem) setLink('');
  };

  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the link rather than sending the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addLink();
  };

  const onFilesChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    setUploadError(null);
    for (const file of files) {
      const problem = checkImageFile(file) ?? (current().length >= photosMax ? CATALOGUE_TEXTS.photosTooMany(photosMax) : null);
      if (problem) {
        setUploadError(files.length > 1 ? `${file.name}: ${problem}` : problem);
        break;
      }
      try {
        const image = await upload.mutateAsync(file);
        const refused = add(image.url);
        if (refused) {
          setUploadError(refused);
          break;
        }
      } catch (failure) {
        setUploadError(failure instanceof ApiRequestError ? failure.message : TOASTS.tryAgain);
        break;
      }
    }
    input.value = '';
  };

  return (
    <fieldset className="space-y-3" aria-labelledby={legendId} aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} className="text-sm font-medium">
        Photos
      </legend>
      <p className="text-sm text-base-content/80">
        {`${photos.length} of ${photosMax}. The first is the main photo, shown on the tool's card and first on its page.`}
      </p>
      {photos.length > 0 ? (
        <ol ref={list} className="grid gap-3 sm:grid-cols-2">
          {photos.map((photo, index) => {
            const name = `photo ${index + 1}`;
            return (
              <li key={photo} data-photo={photo} className="flex gap-3 rounded-box p-2 ring-1 ring-base-300">
                <img
                  src={photo}
                  alt={index === 0 ? `Photo ${index + 1} (main)` : `Photo ${index + 1}`}
                  width={96}
                  height={72}
                  loading="lazy"
                  className="h-18 w-24 shrink-0 rounded bg-base-200 object-contain"
                  onError={() => setBroken((before) => new Set(before).add(photo))}
                />
                <div className="min-w-0 space-y-1">
                  {index === 0 ? <span className="badge badge-primary badge-sm">Main photo</span> : null}
                  {broken.has(photo) ? <p className="text-xs text-error">{PRODUCT_FORM_TEXTS.brokenPhoto}</p> : null}
                  <div className="flex flex-wrap gap-1">
                    {index > 0 ? (
                      <button type="button" className="btn btn-xs btn-outline" data-photo-action="main" aria-label={`Make main: ${name}`} onClick={() => move(index, 0, 'up')}>
                        Make main
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-xs btn-outline"
                      data-photo-action="up"
                      disabled={index === 0}
                      aria-label={`Move ${name} up`}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className="btn btn-xs btn-outline"
                      data-photo-action="down"
                      disabled={index === photos.length - 1}
                      aria-label={`Move ${name} down`}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      Down
                    </button>
                    <button type="button" className="btn btn-xs btn-outline btn-error" data-photo-action="remove" aria-label={`Remove ${name}`} onClick={() => removeAt(index)}>
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {full ? <p className="text-sm">{PRODUCT_FORM_TEXTS.photosFull(photosMax)}</p> : null}
      <div className="form-control w-full">
        <label htmlFor={linkId} className="mb-1 block text-sm font-medium">
          {PRODUCT_FORM_TEXTS.photoLinkLabel}
        </label>
        <div className="flex gap-2">
          <input
            // The form focuses the photos here when they are wrong (no photo, one refused).
            ref={(element) => field.ref(element)}
            id={linkId}
            type="text"
            inputMode="url"
            autoComplete="off"
            placeholder="https://…"
            className={`input w-full ${linkError ? 'input-error' : ''}`}
            value={link}
            disabled={full}
            aria-invalid={linkError || error ? true : undefined}
            aria-describedby={linkError ? linkErrorId : error ? errorId : undefined}
            onChange={(event) => setLink(event.target.value)}
            onKeyDown={onLinkKey}
            onBlur={() => field.onBlur()}
          />
          <button type="button" className="btn btn-outline" onClick={addLink} disabled={full}>
            Add link
          </button>
        </div>
        {linkError ? (
          <p id={linkErrorId} role="alert" className="mt-1 text-sm text-error">
            {linkError}
          </p>
        ) : null}
      </div>
      <div className="form-control w-full">
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
          {PRODUCT_FORM_TEXTS.photoUploadLabel(IMAGE_UPLOAD.maxBytes / (1024 * 1024))}
        </label>
        <input
          id={fileId}
          type="file"
          multiple
          accept={IMAGE_UPLOAD.types.join(',')}
          className={`file-input w-full ${uploadError ? 'file-input-error' : ''}`}
          disabled={upload.isPending || full}
          aria-invalid={uploadError ? true : undefined}
          aria-describedby={uploadError ? fileErrorId : undefined}
          onChange={(event) => void onFilesChosen(event)}
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
    </fieldset>
  );
}
