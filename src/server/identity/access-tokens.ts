import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'toolhouse-store';
const AUDIENCE = 'toolhouse-api';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  email: string;
}

/**
 * The API's short-lived bearer token (spec: accessToken). An HS256 JWT tied to the identity
 * session it was issued for, so signing out revokes it too. Its key is derived from the auth
 * secret rather than being the secret itself, so the two uses never share a key.
 */
/** Verified tokens remembered per process; past this many, the oldest is forgotten. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = createHmac('sha256', secret).update('toolhouse access token v1').digest();
  /**
   * A token's signature and claims never change, so a token verified once needs only its expiry
   * checked again: verifying the HMAC and parsing the JWT was about 7% of a purchase's CPU time
   * (docs/bench.md). Only valid tokens are kept, and revocation is not cached here: every guarded
   * call still looks the session and role up (identity/identity.ts).
   */
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();

  return {
    ttlSeconds,
    async issue(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null for a forged, expired, `alg: none` or malformed one. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.email !== 'string') return null;
        if (typeof payload.exp !== 'number') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid, email: payload.email };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
