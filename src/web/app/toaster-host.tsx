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

/** The toasts' container, mounted with the first toast (lib/toast.ts loads the library then). */
export function ToasterHost() {
  const needed = useSyncExternalStore(toaster.subscribe, toaster.isNeeded, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" toastOptions={{ success: { duration: TOAST.successMs }, error: { duration: TOAST.errorMs } }} />
    </Suspense>
  );
}
