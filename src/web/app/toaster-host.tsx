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

/** The toasts' container, mounted with the first toast (lib/toast.ts loads the library then). */
export function ToasterHost() {
  const needed = useSyncExternalStore(toaster.subscribe, toaster.isNeeded, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        containerStyle={CONTAINER_STYLE}
        toastOptions={{ success: { duration: TOAST.successMs }, error: { duration: TOAST.errorMs } }}
      />
    </Suspense>
  );
}
