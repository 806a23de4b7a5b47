/** Replaces email addresses in a URL (plain or %40-encoded) with `<email>`, for logs. */
export function maskEmails(url: string): string {
  return url.replace(/[^/?&=]+(@|%40)[^/?&]+/gi, '<email>');
}

/** Replaces every email address in free text (an SMTP server's error message) with `<email>`, for logs. */
export function maskEmailsInText(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '<email>');
}
