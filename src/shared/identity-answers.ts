/**
 * What the identity routes under /api/auth (better-auth, decision 023) answer to the calls the web
 * app makes itself, beside its sign-in client: the shapes are better-auth's, written once here so
 * no web file types an answer by hand. Types only: these routes' bodies are not ours to validate.
 */

/** POST /api/auth/change-password: this browser's new session token (null when none was made). */
export interface ChangePasswordAnswer {
  token: string | null;
}

/** POST /api/auth/two-factor/enable: the secret (as an authenticator app reads it) and recovery codes. */
export interface TwoFactorEnrolment {
  /** `otpauth://totp/…?secret=…`: what an authenticator app reads (as a QR code or a link). */
  totpURI: string;
  backupCodes: string[];
}

/** POST /api/auth/two-factor/verify-totp: the session the code confirmed. */
export interface TwoFactorCodeAnswer {
  token: string;
}

/** POST /api/auth/two-factor/disable. */
export interface TwoFactorOffAnswer {
  status: boolean;
}

/** POST /api/auth/two-factor/generate-backup-codes: the new recovery codes (the old ones stop working). */
export interface RecoveryCodesAnswer {
  backupCodes: string[];
}
