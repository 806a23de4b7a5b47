import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';

const COOKIE_NAME = 'toolhouse.known_device';
/** Re-set at every sign-in, so a browser in use stays known. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A shared family computer may hold a few accounts; the oldest falls off first. */
const MAX_ACCOUNTS = 8;
const TAG_LENGTH = 22; // 132 bits of an HMAC, base64url

/**
 * The "device cookie" of OWASP's guidance on account lockout: after a successful password sign-in
 * the browser gets a cookie, signed with the auth secret, that names a random device id and the
 * accounts signed in to on it (as keyed hashes, so the cookie shows no emails). The sign-in
 * throttle lets such a browser try its own accounts even while strangers have used up the
 * account's allowance for unknown clients, so nobody can lock an owner out of their usual browser.
 *
 * Format: `<deviceId>.<tag>~<tag>….<signature>`, all base64url.
 */
export function createKnownDevices(secret: string, options: { secure: boolean }) {
  // A key of its own, so this cookie's signature can never be replayed as another use of the secret.
  const key = createHmac('sha256', secret).update('toolhouse:known-device-cookie:v1').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const accountTag = (email: string) => mac(`account:${email}`).slice(0, TAG_LENGTH);
  const name = options.secure ? `__Secure-${COOKIE_NAME}` : COOKIE_NAME;

  function read(cookieHeader: string | undefined): { deviceId: string; tags: string[] } | null {
    const value = cookieHeader ? parseCookies(cookieHeader).get(name) : undefined;
    const parts = value?.split('.');
    if (!parts || parts.length !== 3) return null;
    const [deviceId, tagList, signature] = parts as [string, string, string];
    const expected = Buffer.from(mac(`${deviceId}.${tagList}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { deviceId, tags: tagList.split('~') };
  }

  return {
    /** This browser's device id, if its cookie shows it has signed in to `email` (normalised) before. */
    recognise(cookieHeader: string | undefined, email: string): string | null {
      const device = read(cookieHeader);
      return device && device.tags.includes(accountTag(email)) ? device.deviceId : null;
    },

    /** A Set-Cookie header that records a successful sign-in to `email` on this browser. */
    remember(cookieHeader: string | undefined, email: string): string {
      const device = read(cookieHeader);
      const tag = accountTag(email);
      const tags = [tag, ...(device?.tags.filter((t) => t !== tag) ?? [])].slice(0, MAX_ACCOUNTS);
      const payload = `${device?.deviceId ?? randomBytes(16).toString('base64url')}.${tags.join('~')}`;
      // Only the sign-in endpoint reads it; script never needs it; no other site may send it.
      const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/api/auth', 'HttpOnly', 'SameSite=Strict'];
      if (options.secure) attributes.push('Secure');
      return [`${name}=${payload}.${mac(payload)}`, ...attributes].join('; ');
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
