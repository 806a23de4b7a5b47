/** Replaces email addresses in a URL (plain or %40-encoded) with `<email>`, for logs. */
export function maskEmails(url: string): string {
  return url.replace(/[^/?&=]+(@|%40)[^/?&]+/gi, '<email>');
}
