import { useEffect, useRef } from 'react';

type Finder = () => HTMLElement | null | undefined;

/**
 * Focus for lists whose rows move (up, down, removed): the element to focus is looked for after
 * the render that moved them, since React may move a row's DOM nodes, which drops focus, and the
 * button that was pressed may now be disabled (the first row has no Up). Returns the function that
 * asks for it; call it before the change that re-renders the list.
 */
export function useFocusAfterRender(): (find: Finder) => void {
  const pending = useRef<Finder | null>(null);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    const element = find();
    if (!element) return;
    pending.current = null;
    element.focus();
  });
  return (find) => {
    pending.current = find;
  };
}

/** The first of `buttons` that can take focus now. */
export const firstEnabled = (buttons: (HTMLButtonElement | null | undefined)[]) => buttons.find((button) => button && !button.disabled) ?? null;
