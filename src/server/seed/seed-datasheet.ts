import { finishPdf, newPdfDocument, useFont } from '../lib/pdf-document';
import type { SeedTool } from './seed-data';

/**
 * A one-page datasheet for a demo tool, drawn by the store's own PDF library (pdfkit, as the
 * invoices are), so a fresh install has a real document to download from a tool's page.
 */
export async function drawDatasheet(tool: SeedTool, company: string, createdAt: Date): Promise<Buffer> {
  const doc = newPdfDocument({ title: `${tool.name}: datasheet`, author: company, createdAt });
  useFont(doc, 'bold').fontSize(20).text(tool.name);
  useFont(doc, 'regular').fontSize(11).fillColor('#444444').text(`Datasheet · SKU ${tool.sku} · ${company}`).moveDown();
  doc.fillColor('#000000').fontSize(11).text(tool.description).moveDown();
  useFont(doc, 'bold').fontSize(14).text('Specifications').moveDown(0.5);
  for (const spec of tool.specs) {
    useFont(doc, 'bold').fontSize(11).text(`${spec.name}: `, { continued: true });
    useFont(doc, 'regular').text(spec.unit ? `${spec.value} ${spec.unit}` : spec.value);
  }
  doc.moveDown();
  useFont(doc, 'regular')
    .fontSize(9)
    .fillColor('#444444')
    .text('Specifications are typical values. Check the manual before use. Shipping is free on every order.');
  return finishPdf(doc);
}
