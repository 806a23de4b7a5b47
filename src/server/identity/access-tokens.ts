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
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = createHmac('sha256', secret).update('toolhouse access token v1').digest();

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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.email !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
