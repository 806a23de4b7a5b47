import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native <dialog> as a modal to follow `open`: showModal() makes the page
 * behind inert and gives Escape for free, and the browser returns focus on close.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);
  return dialog;
}
