import { useEffect } from 'react';
import type { PageHead } from '../../shared/page-heads';

/** A `<meta name=...>` of the document's head, made when missing. */
function metaNamed(name: string): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets the document's title, description and robots rule for the page on screen, as the server
 * wrote them into the page's first HTML (shared/page-heads.ts): moving between pages in the app
 * changes the tab's title and what a bookmark or a share reads. The first HTML of a page already
 * says the same, so on a first visit this changes nothing.
 */
export function useDocumentHead(head: PageHead): void {
  const { title, description, indexable } = head;
  useEffect(() => {
    document.title = title;
    metaNamed('description').content = description;
    const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (indexable) robots?.remove();
    else metaNamed('robots').content = 'noindex';
  }, [title, description, indexable]);
}
