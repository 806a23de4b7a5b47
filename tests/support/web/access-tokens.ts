let issued = 0;

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * An access token shaped as the API issues them (an HS256 JWT whose payload carries `exp`). The
 * web app never checks the signature, only when the token expires; the fake API knows it by value.
 */
export function accessTokenExpiringIn(seconds: number): string {
  issued += 1;
  const payload = { sub: `user-${issued}`, sid: `session-${issued}`, exp: Math.floor(Date.now() / 1000) + seconds };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature-${issued}`;
}
