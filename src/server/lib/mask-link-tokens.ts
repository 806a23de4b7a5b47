/**
 * Replaces the value of `token` query parameters in a URL with `<token>`, for logs: a verification
 * token is worth a signed-in session until it is used, so it must not sit in a log file. (Our own
 * links carry tokens in the fragment, which browsers never send; this covers the identity
 * service's verification call and anyone pasting one of its URLs.)
 */
export function maskLinkTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1<token>').replace(/(\/reset-password\/)[^/?#]+/i, '$1<token>');
}
