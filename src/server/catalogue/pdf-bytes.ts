/**
 * Whether a file is a PDF by its bytes, not by its name or the type a client claims: it starts
 * with the PDF header (`%PDF-1.x` or `%PDF-2.x`, ISO 32000) and ends, but for trailing
 * whitespace, with the end-of-file marker a PDF writer puts last (`%%EOF`, within the final
 * kilobyte, where readers look for it). An HTML or script file renamed to .pdf has neither.
 */
const HEADER = /^%PDF-[12]\.\d/;
const TAIL_BYTES = 1024;

export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 16) return false;
  if (!HEADER.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  return bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).toString('latin1').includes('%%EOF');
}
