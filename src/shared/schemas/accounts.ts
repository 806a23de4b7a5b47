import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { companyNameText, emailField, plainText, requiredText, taxIdText, userNameField } from './fields';

export const passwordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired, abort: true })
  .min(LIMITS.passwordMin, { error: VALIDATION.passwordTooShort })
  .max(LIMITS.passwordMax, { error: VALIDATION.passwordTooLong });

export const addressField = requiredText(VALIDATION.addressRequired).max(LIMITS.addressMax, {
  error: VALIDATION.addressTooLong,
});
export const phoneField = requiredText(VALIDATION.phoneRequired).max(LIMITS.phoneMax, { error: VALIDATION.phoneTooLong });

export const loginFormSchema = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.input<typeof loginFormSchema>;

export const registrationFormSchema = z.object({ userName: userNameField, email: emailField, password: passwordField });
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** 'Forgot Password?': the address to send a reset link to. */
export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;

/** The Change Password page: the password now, and a new one under the same rules as at sign-up. */
export const changePasswordFormSchema = z.object({
  currentPassword: z.string().min(1, { error: VALIDATION.passwordRequired }).max(LIMITS.passwordMax, { error: VALIDATION.passwordTooLong }),
  newPassword: passwordField,
});
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** A code from an authenticator app: six digits (spaces, as some apps show them, are dropped). */
export const authenticatorCodeField = z
  .string()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: VALIDATION.authenticatorCode }));
export const authenticatorCodeFormSchema = z.object({ code: authenticatorCodeField });
export type AuthenticatorCodeForm = z.input<typeof authenticatorCodeFormSchema>;

/** The second step of a sign-in: a code from the app, or one of the recovery codes. */
export const secondFactorFormSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('totp'), code: authenticatorCodeField }),
  z.object({ kind: z.literal('backup'), code: z.string().trim().min(1, { error: VALIDATION.recoveryCodeRequired }).max(64) }),
]);
export type SecondFactorForm = z.input<typeof secondFactorFormSchema>;

/** "Confirm it is you" before promoting, demoting or refunding: the password, or a code from the app. */
export const confirmItsYouFormSchema = z.object({
  secret: z.string().trim().min(1, { error: VALIDATION.passwordOrCodeRequired }).max(LIMITS.passwordMax, { error: VALIDATION.passwordTooLong }),
});
export type ConfirmItsYouForm = z.input<typeof confirmItsYouFormSchema>;

/** The page a reset link opens: the new password, under the same rules as at sign-up. */
export const resetPasswordFormSchema = z.object({ password: passwordField });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /api/login */
export const accessTokenRequestSchema = z.object({ email: emailField });
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/**
 * PUT /api/user/:email. Every field is optional (registration sends userName, a purchase sends
 * address and phone) but a field that is sent must be valid. Anything else, such as `role` or
 * `email`, is ignored.
 */
/** Blank clears the field (null); not sent leaves it as it is (undefined). */
const clearedWhenBlank = (value: string | undefined) => (value === '' ? null : value);

export const profileUpdateSchema = z.object({
  userName: userNameField.optional(),
  address: addressField.optional(),
  phone: phoneField.optional(),
  /** For invoices to a business; both optional. */
  companyName: companyNameText().optional().transform(clearedWhenBlank),
  taxId: taxIdText().optional().transform(clearedWhenBlank),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
/** What a client sends: blank strings, not nulls, clear the company fields. */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

/** The profile form of the dashboard: address and phone are required there, the company fields are not. */
export const profileFormSchema = z.object({
  userName: userNameField,
  address: addressField,
  phone: phoneField,
  companyName: companyNameText(),
  taxId: taxIdText(),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

export const emailParamSchema = z.object({ email: plainText().max(LIMITS.emailMax) });

export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  userName: z.string(),
  address: z.string(),
  phone: z.string(),
  companyName: z.string().nullable(),
  taxId: z.string().nullable(),
  role: z.enum(['customer', 'admin']),
  photoURL: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  userName: z.string(),
  role: z.enum(['customer', 'admin']),
  /** Whether the person has shown they receive mail at `email` (a confirmation link, a reset link, Google). */
  emailVerified: z.boolean(),
  /** When the account was made (ISO 8601). */
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const adminStatusSchema = z.object({ admin: z.boolean() });
export type AdminStatus = z.infer<typeof adminStatusSchema>;
export const acknowledgedSchema = z.object({ acknowledged: z.boolean(), matchedCount: z.number() });
export type Acknowledged = z.infer<typeof acknowledgedSchema>;
export const modifiedCountSchema = z.object({ modifiedCount: z.number() });
export type ModifiedCount = z.infer<typeof modifiedCountSchema>;

/** GET /api/auth-options: how this store signs people up and in. */
export const authOptionsSchema = z.object({
  google: z.boolean(),
  /** `required`: a new account confirms its address (a mailed link) before ordering; `off`: sign-up signs in at once. */
  emailVerification: z.enum(['required', 'off']),
  /** `required`: an admin must use two-step sign-in before the admin pages work (ADMIN_TWO_FACTOR). */
  adminTwoFactor: z.enum(['required', 'optional']),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** One of the signed-in person's sessions (GET /api/account/sessions): never its token. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
  createdAt: z.string(),
  /** When it was last renewed (about once a day while in use). */
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Whether it has shown a code from the authenticator app. */
  secondFactor: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const endedSessionsSchema = z.object({ endedCount: z.number() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
