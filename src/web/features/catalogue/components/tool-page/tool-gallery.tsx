import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { largeImageUrl } from '../../../../../shared/images';

/** A horizontal move of at least this many pixels, mostly sideways, is a swipe. */
const SWIPE_PX = 40;

/** An uploaded photo has a 600 px and a 1200 px rendition; the store's own pictures one size. */
function sources(photo: string) {
  const large = largeImageUrl(photo);
  return large === photo ? { src: photo } : { src: photo, srcSet: `${photo} 600w, ${large} 1200w` };
}

/**
 * A tool's photos: the one shown large (the main photo first, loaded at once with high priority:
 * it is the page's largest content), and a row of thumbnails to choose another. Previous and Next
 * buttons, the left and right arrow keys anywhere in the gallery, and a swipe on the photo move
 * between them. The large photo's box has a fixed shape, so nothing moves when photos change.
 */
export function ToolGallery({ name, photos }: { name: string; photos: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const count = photos.length;
  const shown = photos[Math.min(index, count - 1)] ?? '';
  const show = (next: number) => setIndex((next + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) show(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <div onKeyDown={onKeyDown} data-testid="tool-gallery">
      <div
        className="relative aspect-[4/3] w-full touch-pan-y overflow-hidden rounded-box bg-base-200"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <img
          key={shown}
          {...sources(shown)}
          sizes="(min-width: 1024px) 36rem, 100vw"
          alt={count > 1 ? `${name}, photo ${index + 1} of ${count}` : name}
          width={1200}
          height={900}
          // Only the first photo is the page's first paint; one chosen later loads when chosen.
          fetchPriority={index === 0 ? 'high' : 'auto'}
          loading="eager"
          draggable={false}
          className="h-full w-full object-contain"
        />
        {count > 1 ? (
          <>
            <button type="button" className="btn btn-circle btn-sm absolute top-1/2 left-2 -translate-y-1/2" aria-label="Previous photo" onClick={() => show(index - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="btn btn-circle btn-sm absolute top-1/2 right-2 -translate-y-1/2" aria-label="Next photo" onClick={() => show(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={`Photos of ${name}`}>
          {photos.map((photo, i) => (
            <li key={photo} className="shrink-0">
              <button
                type="button"
                className={`block rounded-field border-2 bg-base-200 p-0.5 ${i === index ? 'border-primary' : 'border-transparent'}`}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
              >
                <img src={photo} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-24 object-contain" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
