const AUTH_PAGES = ['/login', '/registration'];

/**
 * Where to go after signing in: a path on this site only (never another origin, so the login
 * page cannot be used as an open redirect), and never back to a sign-in page.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//')) return fallback;
  if (candidate.includes('\\') || /[\u0000-\u001f]/.test(candidate)) return fallback;
  try {
    const url = new URL(candidate, 'http://store.invalid');
    if (url.origin !== 'http://store.invalid') return fallback;
    if (AUTH_PAGES.includes(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
