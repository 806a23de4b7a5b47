import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from 'react-router';

/**
 * Markdown the owner wrote (the legal pages), drawn as React elements by react-markdown, which
 * never writes HTML: markup in the text (`<script>`, `<img onerror>`) is shown as the text it is,
 * as no raw-HTML plugin is added (decision 047). Links keep only safe addresses (react-markdown's
 * own rule: http, https, mailto and a few more, or a relative path): `javascript:`, `data:` and the
 * like become a link to nothing, drawn as plain text. Images
 * are not drawn: a legal text needs none, and a picture from elsewhere would tell its host who reads.
 * Heavy (~40 kB): import it only from lazily loaded pages (the legal pages, the Settings editor).
 */
const components: Components = {
  // The page's name is its one h1; the text's own top headings are sections under it.
  h1: ({ children }) => <h2>{children}</h2>,
  // The store's own pages open in the app, without reloading it.
  a: ({ href, children }) =>
    href && href.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href} className="link link-primary">{children}</Link>
    ) : href ? (
      <a href={href} className="link link-primary" rel="noopener noreferrer">{children}</a>
    ) : (
      <span>{children}</span>
    ),
};

export default function MarkdownText({ text }: { text: string }) {
  return (
    <div className="legal-text max-w-none space-y-4 break-words [&_a]:break-all [&_blockquote]:border-l-4 [&_blockquote]:border-warning [&_blockquote]:bg-warning/10 [&_blockquote]:p-3 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6">
      <Markdown components={components} urlTransform={defaultUrlTransform} disallowedElements={['img']}>
        {text}
      </Markdown>
    </div>
  );
}
