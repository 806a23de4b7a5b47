import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { emailField, plainText, requiredText, userNameField } from './fields';

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

/** The page a reset link opens: the new password, under the same rules as at sign-up. */
export const resetPasswordFormSchema = z.object({ password: passwordField });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /api/login */
export const accessTokenRequestSchema = z.object({ email: emailField });
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });

/**
 * PUT /api/user/:email. Every field is optional (registration sends userName, a purchase sends
 * address and phone) but a field that is sent must be valid. Anything else, such as `role` or
 * `email`, is ignored.
 */
export const profileUpdateSchema = z.object({
  userName: userNameField.optional(),
  address: addressField.optional(),
  phone: phoneField.optional(),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The profile form of the dashboard: address and phone are required there. */
export const profileFormSchema = z.object({ userName: userNameField, address: addressField, phone: phoneField });
export type ProfileForm = z.input<typeof profileFormSchema>;

export const emailParamSchema = z.object({ email: plainText().max(LIMITS.emailMax) });

export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  userName: z.string(),
  address: z.string(),
  phone: z.string(),
  role: z.enum(['customer', 'admin']),
  photoURL: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  userName: z.string(),
  role: z.enum(['customer', 'admin']),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const adminStatusSchema = z.object({ admin: z.boolean() });
export const acknowledgedSchema = z.object({ acknowledged: z.boolean(), matchedCount: z.number() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number() });

/** GET /api/auth-options: how this store signs people up and in. */
export const authOptionsSchema = z.object({
  google: z.boolean(),
  /** `required`: a new account confirms its address (a mailed link) before ordering; `off`: sign-up signs in at once. */
  emailVerification: z.enum(['required', 'off']),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
