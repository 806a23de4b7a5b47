import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The PDFs' one typeface: DejaVu Sans, embedded (pdfkit keeps only the glyphs a document uses). The
 * 14 standard PDF fonts (Helvetica) draw WinAnsi only, and what people type is not WinAnsi: a
 * "Łódź" address, a Cyrillic name. DejaVu draws Latin, Greek, Cyrillic and many symbols; anything
 * it lacks (CJK, most emoji) is drawn as the replacement character, visibly, rather than as an
 * empty box or a crash. See docs/decisions/020-invoices-and-packing-slips.md.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
export type FontStyle = keyof typeof FONT_FILES;

/** Drawn in place of a character the font has no glyph for. */
export const MISSING_GLYPH = '\uFFFD';

let faces: fontkit.Font[] | null = null;

/** Whether both styles can draw a code point (a name may be drawn in either). Read on first use. */
function canDraw(codePoint: number): boolean {
  faces ??= [FONT_FILES.regular, FONT_FILES.bold].map((file) => {
    const face = fontkit.create(readFileSync(file));
    if (!('hasGlyphForCodePoint' in face)) throw new Error(`${file} is a font collection, not a font`);
    return face;
  });
  return faces.every((face) => face.hasGlyphForCodePoint(codePoint));
}

// Invisible characters that only steer other ones (joiners, variation selectors, direction marks):
// dropped, since a lone one would otherwise become a visible replacement character.
const FORMAT_CHARACTERS = /[\p{Cf}\uFE00-\uFE0F]/gu;
// Control characters never reach the database through the API, but a row may be older than that rule.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Text as the embedded font can draw it: composed (NFC, so "u" + combining diaeresis is the one
 * glyph "ü"), tabs as spaces, invisible steering characters dropped, and each character the font
 * lacks replaced by MISSING_GLYPH. Line breaks stay (an address may have several lines).
 */
export function drawableText(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replaceAll('\t', ' ')
    .replace(FORMAT_CHARACTERS, '')
    .replace(CONTROL_CHARACTERS, '');
  let out = '';
  for (const char of cleaned) {
    out += char === '\n' || canDraw(char.codePointAt(0)!) ? char : MISSING_GLYPH;
  }
  return out;
}

/** US Letter, as the store sells in dollars from Ohio. */
export const PAGE = { size: 'LETTER', margin: 50 } as const;

/**
 * Switches the document's font. Fonts are named by their file, as the document's default font is:
 * pdfkit caches an opened font under the name it was asked for, so one name per file keeps each
 * face opened (and embedded) once.
 */
export function useFont(doc: PDFKit.PDFDocument, style: FontStyle): PDFKit.PDFDocument {
  return doc.font(FONT_FILES[style]);
}

/** A new document with its first page, drawing in the regular style. */
export function newPdfDocument(info: { title: string; author: string; createdAt: Date }): PDFKit.PDFDocument {
  return new PDFDocument({
    font: FONT_FILES.regular,
    size: PAGE.size,
    margin: PAGE.margin,
    // Footers ("page 1 of 2") are written once every page exists.
    bufferPages: true,
    lang: 'en-US',
    displayTitle: true,
    // The document's date is the document's own (the invoice's issue date), not the moment it was
    // drawn: the same invoice downloaded twice says the same thing.
    info: { Title: drawableText(info.title), Author: drawableText(info.author), CreationDate: info.createdAt, ModDate: info.createdAt },
  });
}

/** Ends the document and answers its bytes. */
export function finishPdf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
