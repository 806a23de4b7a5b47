import { describe, expect, it } from 'vitest';
import { renderMail } from './layout';

describe('renderMail', () => {
  const hostile = `<script>alert("x")</script> & 'quotes'`;

  it('escapes every value in the HTML and keeps it as typed in the text', () => {
    const { html, text } = renderMail({
      heading: hostile,
      paragraphs: [hostile],
      rows: [{ label: hostile, value: hostile }],
      action: { label: hostile, url: 'https://shop.example.com/reset?token=a&b="c"' },
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).toContain('href="https://shop.example.com/reset?token=a&amp;b=&quot;c&quot;"');
    expect(text).toContain(hostile);
    expect(text).toContain(`${hostile}: https://shop.example.com/reset?token=a&b="c"`);
  });

  it('lays out heading, paragraphs, rows and the link in the text part', () => {
    const { text } = renderMail({
      heading: 'Your order is placed',
      paragraphs: ['First.', 'Second.'],
      rows: [{ label: 'Total', value: '$10.00' }],
      action: { label: 'Pay for the order', url: 'http://127.0.0.1:3000/dashboard/checkOut/1' },
    });
    expect(text).toBe(
      [
        'Your order is placed',
        '====================',
        '',
        'First.',
        '',
        'Second.',
        '',
        'Total: $10.00',
        '',
        'Pay for the order: http://127.0.0.1:3000/dashboard/checkOut/1',
        '',
        'ToolHouse: computer and industrial tools',
        '',
      ].join('\n'),
    );
  });

  it.each(['javascript:alert(1)', '/relative/path', 'data:text/html,x'])('refuses an action link to %j', (url) => {
    expect(() => renderMail({ heading: 'h', paragraphs: [], action: { label: 'Go', url } })).toThrow(/http or https/);
  });
});
