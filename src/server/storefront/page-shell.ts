import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the built app's index.html says the page's head goes, and its body. */
const HEAD = /<!--page-head[^>]*-->[\s\S]*?<!--\/page-head-->/;
const BODY = '<div id="root"><!--page-body--></div>';

/** A page as the server writes it: the head's own tags, and what goes in the root element and after it. */
export interface PageParts {
  /** The tags between the page-head markers: title, description and whatever the page adds. */
  head: string;
  /** The app's markup, rendered on the server (a tool page's), or nothing. */
  body?: string;
  /** A data block after the root element (the data the body was rendered from). */
  afterBody?: string;
}

/**
 * The built app's index.html (Vite's, with its hashed script and style links) cut at the markers
 * src/web/index.html holds, so that each page is the same document with its own head and, for a
 * server-rendered page, its body: three string joins per page, no parsing.
 */
export class PageShell {
  private readonly beforeHead: string;
  private readonly betweenHeadAndBody: string;
  private readonly afterBody: string;

  constructor(template: string) {
    const head = HEAD.exec(template);
    const bodyAt = template.indexOf(BODY);
    if (!head || bodyAt < 0 || bodyAt < head.index) {
      throw new Error('index.html lacks the page-head markers or the root element with its page-body marker (src/web/index.html)');
    }
    this.beforeHead = template.slice(0, head.index);
    this.betweenHeadAndBody = template.slice(head.index + head[0].length, bodyAt);
    this.afterBody = template.slice(bodyAt + BODY.length);
  }

  static fromBuild(distDir: string): PageShell {
    return new PageShell(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  }

  render({ head, body = '', afterBody = '' }: PageParts): string {
    return `${this.beforeHead}${head}${this.betweenHeadAndBody}<div id="root">${body}</div>${afterBody}${this.afterBody}`;
  }
}
