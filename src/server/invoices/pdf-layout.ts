import { drawableText, PAGE, useFont } from '../lib/pdf-document';

/** The mails' colours: near-black text, grey labels, the store's orange. */
export const COLORS = { text: '#111827', muted: '#4b5563', accent: '#c2410c', rule: '#d1d5db', alert: '#b91c1c' } as const;

/**
 * Dates on documents are calendar days in UTC, as the mails give times in UTC: the server does not
 * know the reader's time zone. 'Nov 25, 2026'.
 */
const utcDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const formatDocumentDate = (time: Date) => utcDay.format(time);

const count = new Intl.NumberFormat('en-US');
/** A quantity as the money beside it is written: 1,000,000. */
export const formatCount = (n: number) => count.format(n);

const SIZE = { title: 22, heading: 10, body: 10, small: 8 } as const;

/** The page's usable box. */
export function contentBox(doc: PDFKit.PDFDocument) {
  const left = PAGE.margin;
  const right = doc.page.width - PAGE.margin;
  return { left, right, width: right - left, bottom: doc.page.height - PAGE.margin };
}

/** Starts a new page when fewer than `height` points are left on this one. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= contentBox(doc).bottom) return false;
  doc.addPage();
  return true;
}

/** The store's name in orange over the document's title, and a rule under both. */
export function documentHeader(doc: PDFKit.PDFDocument, storeName: string, title: string) {
  const box = contentBox(doc);
  useFont(doc, 'bold').fontSize(SIZE.heading + 4).fillColor(COLORS.accent).text(drawableText(storeName), box.left, box.left);
  useFont(doc, 'bold').fontSize(SIZE.title).fillColor(COLORS.text).text(title, { width: box.width });
  doc.moveDown(0.3);
  rule(doc);
  doc.moveDown(0.8);
}

export function rule(doc: PDFKit.PDFDocument, color: string = COLORS.rule) {
  const box = contentBox(doc);
  doc.moveTo(box.left, doc.y).lineTo(box.right, doc.y).lineWidth(0.75).strokeColor(color).stroke();
}

/** A line in the alert colour, bold, across the page: a refund, a slip that must not ship. */
export function notice(doc: PDFKit.PDFDocument, text: string) {
  const box = contentBox(doc);
  useFont(doc, 'bold').fontSize(SIZE.body + 2).fillColor(COLORS.alert).text(drawableText(text), box.left, doc.y, { width: box.width });
  doc.fillColor(COLORS.text).moveDown(0.8);
}

export interface Fact {
  label: string;
  value: string;
}

/** "Invoice number  INV-000123" rows: labels in grey, values beside them. */
export function facts(doc: PDFKit.PDFDocument, rows: Fact[], options: { x?: number; labelWidth?: number; width?: number } = {}) {
  const box = contentBox(doc);
  const x = options.x ?? box.left;
  const labelWidth = options.labelWidth ?? 110;
  const valueWidth = (options.width ?? box.right - x) - labelWidth;
  for (const row of rows) {
    const value = drawableText(row.value);
    useFont(doc, 'regular').fontSize(SIZE.body);
    const height = Math.max(doc.heightOfString(row.label, { width: labelWidth }), doc.heightOfString(value, { width: valueWidth }));
    ensureSpace(doc, height);
    const y = doc.y;
    doc.fillColor(COLORS.muted).text(row.label, x, y, { width: labelWidth });
    doc.fillColor(COLORS.text).text(value, x + labelWidth, y, { width: valueWidth });
    doc.y = y + height + 3;
  }
  doc.x = box.left;
}

/** Blocks side by side ("From" and "Bill to"): a bold heading over lines of text each. */
export function sideBySide(doc: PDFKit.PDFDocument, blocks: { heading: string; lines: string[] }[]) {
  const box = contentBox(doc);
  const gap = 24;
  const width = (box.width - gap * (blocks.length - 1)) / blocks.length;
  const texts = blocks.map((block) => drawableText(block.lines.filter((line) => line.trim() !== '').join('\n')));
  useFont(doc, 'regular').fontSize(SIZE.body);
  const height = SIZE.heading + 6 + Math.max(...texts.map((text) => doc.heightOfString(text, { width })));
  ensureSpace(doc, Math.min(height, box.bottom - PAGE.margin));
  const top = doc.y;
  let bottom = top;
  blocks.forEach((block, index) => {
    const x = box.left + index * (width + gap);
    useFont(doc, 'bold').fontSize(SIZE.heading).fillColor(COLORS.muted).text(block.heading.toUpperCase(), x, top, { width, characterSpacing: 0.5 });
    useFont(doc, 'regular').fontSize(SIZE.body).fillColor(COLORS.text).text(texts[index]!, x, doc.y + 2, { width });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = box.left;
  doc.y = bottom + 16;
}

export interface Column {
  header: string;
  /** A share of the table's width; the shares add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

/**
 * The lines' part numbers, as a table column. A SKU has no spaces (at most 40 letters, digits and
 * . _ / -), so a long one wraps inside its cell rather than running over the next.
 */
export const SKU_COLUMN: Column = { header: 'SKU', share: 0.18 };

/** Whether any line was ordered with a SKU (orders placed before SKUs existed have none). */
export const hasSkus = (lines: readonly { sku: string | null }[]) => lines.some((line) => line.sku !== null && line.sku !== '');

/**
 * A table of rows whose cells wrap; a row never splits across pages, and every page it continues
 * on repeats the header.
 */
export function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const box = contentBox(doc);
  const padding = 4;
  const widths = columns.map((column) => column.share * box.width);
  const xs = widths.map((_, index) => box.left + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const cellWidth = (index: number) => widths[index]! - 2 * padding;

  const drawRow = (cells: string[], style: 'header' | 'body') => {
    useFont(doc, style === 'header' ? 'bold' : 'regular').fontSize(style === 'header' ? SIZE.heading : SIZE.body);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: cellWidth(index) }))) + 2 * padding;
    const top = doc.y;
    doc.fillColor(style === 'header' ? COLORS.muted : COLORS.text);
    cells.forEach((cell, index) => {
      doc.text(cell, xs[index]! + padding, top + padding, { width: cellWidth(index), align: columns[index]!.align ?? 'left' });
    });
    doc.y = top + height;
    rule(doc);
  };
  const rowHeight = (cells: string[]) => {
    useFont(doc, 'regular').fontSize(SIZE.body);
    return Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: cellWidth(index) }))) + 2 * padding;
  };

  const header = columns.map((column) => column.header);
  ensureSpace(doc, rowHeight(header) * 2);
  drawRow(header, 'header');
  for (const row of rows) {
    const cells = row.map(drawableText);
    if (ensureSpace(doc, rowHeight(cells))) drawRow(header, 'header');
    drawRow(cells, 'body');
  }
  doc.x = box.left;
}

/** Right-aligned "Label  value" lines under a table (subtotal, delivery, total); the last in bold. */
export function totals(doc: PDFKit.PDFDocument, rows: Fact[]) {
  const box = contentBox(doc);
  const width = 220;
  const x = box.right - width;
  ensureSpace(doc, rows.length * (SIZE.body + 8) + 8);
  doc.moveDown(0.5);
  rows.forEach((row, index) => {
    const last = index === rows.length - 1;
    useFont(doc, last ? 'bold' : 'regular').fontSize(last ? SIZE.body + 2 : SIZE.body);
    const y = doc.y;
    doc.fillColor(last ? COLORS.text : COLORS.muted).text(row.label, x, y, { width: width / 2 });
    doc.fillColor(COLORS.text).text(drawableText(row.value), x + width / 2, y, { width: width / 2, align: 'right' });
    doc.y = Math.max(doc.y, y) + 4;
  });
  doc.x = box.left;
}

/** A paragraph of small grey print across the page. */
export function smallPrint(doc: PDFKit.PDFDocument, text: string) {
  const box = contentBox(doc);
  useFont(doc, 'regular').fontSize(SIZE.small).fillColor(COLORS.muted);
  ensureSpace(doc, doc.heightOfString(text, { width: box.width }) + 8);
  doc.moveDown(0.8).text(drawableText(text), box.left, doc.y, { width: box.width });
  doc.fillColor(COLORS.text);
}

/**
 * "INV-000123 · Page 1 of 2" at the foot of every page, written once all pages exist. The bottom
 * margin is lifted while writing: text below it would otherwise start yet another page.
 */
export function pageFooters(doc: PDFKit.PDFDocument, label: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const box = contentBox(doc);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    useFont(doc, 'regular')
      .fontSize(SIZE.small)
      .fillColor(COLORS.muted)
      .text(`${drawableText(label)} · Page ${index - start + 1} of ${count}`, box.left, doc.page.height - PAGE.margin / 2 - SIZE.small, {
        width: box.width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}
