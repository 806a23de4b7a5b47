import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../tests/support/web/render';
import MarkdownText from './markdown-text';

/** The legal pages' renderer (decision 047): Markdown as elements, never the text's HTML. */
describe('MarkdownText', () => {
  it('draws headings, lists and links; a top heading is a section under the page\'s own h1', () => {
    renderPage(<MarkdownText text={'# Terms\n\n## Orders\n\n- one\n- two\n\n[Returns](/returns) and [mail us](mailto:a@b.example)'} />);
    expect(screen.getByRole('heading', { name: 'Terms', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders', level: 2 })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Returns' }).getAttribute('href')).toBe('/returns');
    expect(screen.getByRole('link', { name: 'mail us' }).getAttribute('href')).toBe('mailto:a@b.example');
  });

  it('shows HTML in the text as text, and makes no element of it', () => {
    const { container } = renderPage(
      <MarkdownText text={'<script>window.pwned = 1</script>\n\nBefore <b onclick="x()">bold</b> after\n\n<iframe src="https://evil.example"></iframe>'} />,
    );
    expect(container.querySelector('script, b, iframe')).toBeNull();
    expect(container.textContent).toContain('<script>window.pwned = 1</script>');
    expect(container.textContent).toContain('<b onclick="x()">');
  });

  it('keeps no javascript: or data: address, and draws no image', () => {
    const { container } = renderPage(
      <MarkdownText text={'[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](data:text/html,<script>alert(3)</script>)\n\n![pixel](https://tracker.example/p.gif)'} />,
    );
    for (const anchor of container.querySelectorAll('a')) expect(anchor.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data):/i);
    expect(screen.getByText('one').closest('a')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
