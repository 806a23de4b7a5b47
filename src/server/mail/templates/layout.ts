/**
 * The one look of every mail the store sends: a heading, paragraphs, an optional table of
 * label/value rows and an optional button, as HTML with a plain-text twin. Every value is text,
 * escaped here, so a tool named `<script>` or a customer's address reaches the reader as written
 * and never as markup. Callers pass no HTML at all.
 */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  /** A link the reader is asked to follow (an http or https URL). */
  action?: { label: string; url: string };
  /** Facts shown as a two-column table (order number, total, ...). */
  rows?: { label: string; value: string }[];
}

export interface RenderedMail {
  html: string;
  text: string;
}

const STORE_NAME = 'ToolHouse';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML text node or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export function renderMail(content: MailContent): RenderedMail {
  if (content.action && !/^https?:\/\//i.test(content.action.url)) {
    throw new Error('a mail action must link to an http or https URL');
  }
  return { html: renderHtml(content), text: renderText(content) };
}

// Inline styles only: most mail readers drop <style> blocks. Colours keep 4.5:1 contrast.
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function renderHtml({ heading, paragraphs, action, rows }: MailContent): string {
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(p)}</p>`),
  ];
  if (rows?.length) {
    const cells = rows
      .map(
        (row) =>
          `<tr><th scope="row" style="padding:6px 16px 6px 0;text-align:left;font-weight:600;color:#374151;vertical-align:top">${escapeHtml(row.label)}</th>` +
          `<td style="padding:6px 0;color:#111827;word-break:break-word">${escapeHtml(row.value)}</td></tr>`,
      )
      .join('');
    body.push(`<table role="presentation" style="margin:8px 0 16px;border-collapse:collapse;font-size:15px">${cells}</table>`);
  }
  if (action) {
    body.push(
      `<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`,
      `<p style="margin:0 0 12px;font-size:13px;color:#4b5563">If the button does not work, open this address: <a href="${escapeHtml(action.url)}" style="color:#c2410c">${escapeHtml(action.url)}</a></p>`,
    );
  }
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f3f4f6;${FONT}">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:#c2410c">${STORE_NAME}</p>`,
    ...body,
    `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${STORE_NAME}: computer and industrial tools</p>`,
    '</div></body></html>',
  ].join('\n');
}

function renderText({ heading, paragraphs, action, rows }: MailContent): string {
  const parts = [heading, '='.repeat(Math.min(heading.length, 72)), '', ...paragraphs.flatMap((p) => [p, ''])];
  if (rows?.length) {
    parts.push(...rows.map((row) => `${row.label}: ${row.value}`), '');
  }
  if (action) parts.push(`${action.label}: ${action.url}`, '');
  parts.push(`${STORE_NAME}: computer and industrial tools`);
  return parts.join('\n') + '\n';
}
