import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import type { ToasterProps } from 'react-hot-toast';
import { TOAST } from '../../shared';
import { toaster } from '../lib/toast';

// A failed download shows no toasts rather than breaking the app around it.
const NoToaster: ComponentType<ToasterProps> = () => null;
const Toaster = lazy(() =>
  import('react-hot-toast').then(
    (module) => ({ default: module.Toaster }),
    () => ({ default: NoToaster }),
  ),
);

/**
 * Where toasts sit: top right (spec section 2), but below the navbar (4rem and its border) rather
 * than over the avatar, and under the navbar's layer (z-40) rather than above everything, so an
 * open account or site menu is drawn over a toast, never hidden by one.
 */
const CONTAINER_STYLE = { top: 'calc(4rem + 0.75rem)', zIndex: 30 } as const;

/**
 * On a phone the top right is the whole top: a toast there covered the page's title for its two
 * seconds. Phones get them at the bottom instead, above the browser's own bar, where nothing the
 * page just drew is hidden.
 */
const PHONE = '(max-width: 639px)';
const PHONE_CONTAINER_STYLE = { bottom: 'calc(1rem + env(safe-area-inset-bottom))', zIndex: 30 } as const;
/**
 * There, though, a toast lies over whatever the page scrolls to the bottom of the screen: the Pay
 * button, when the buyer has just placed the order. A tap meant for the page went to the toast (and
 * react-hot-toast, taking the tap for a hover, then kept the toast open). Toasts on a phone only
 * tell, so taps pass through them to the page.
 */
const PHONE_TOAST_STYLE = { pointerEvents: 'none' } as const;
const onPhoneChange = (listener: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** The toasts' container, mounted with the first toast (lib/toast.ts loads the library then). */
export function ToasterHost() {
  const needed = useSyncExternalStore(toaster.subscribe, toaster.isNeeded, () => false);
  const phone = useSyncExternalStore(onPhoneChange, isPhone, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={phone ? 'bottom-center' : 'top-right'}
        containerStyle={phone ? PHONE_CONTAINER_STYLE : CONTAINER_STYLE}
        toastOptions={{ style: phone ? PHONE_TOAST_STYLE : undefined, success: { duration: TOAST.successMs }, error: { duration: TOAST.errorMs } }}
      />
    </Suspense>
  );
}
