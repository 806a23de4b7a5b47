import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages/validation';
import { orderSchema } from './orders';

/**
 * The customer's own data rights (GDPR articles 15, 17 and 20; decision 046): a copy of their data
 * (GET /api/me/export) and deleting their account (DELETE /api/me). Neither takes an account id:
 * both act on the caller, so nobody can name someone else's.
 */

/**
 * DELETE /api/me: what proves it is the account's owner. The password, or, where two-step sign-in is
 * on, a code from the authenticator app instead. An account that signs in only with Google sends
 * neither: its fresh sign-in is the proof (decision 046).
 */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, { error: VALIDATION.passwordRequired }).max(LIMITS.passwordMax, { error: VALIDATION.passwordTooLong }).optional(),
  code: z
    .string()
    .max(32, { error: VALIDATION.authenticatorCode })
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: VALIDATION.authenticatorCode }))
    .optional(),
});
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>;

/** The dialog's one field: the password or a code (six digits); blank for an account without a password. */
export const deleteAccountFormSchema = z.object({
  secret: z.string().trim().max(LIMITS.passwordMax, { error: VALIDATION.passwordTooLong }),
});
export type DeleteAccountForm = z.input<typeof deleteAccountFormSchema>;

/** What the web app sends for what the person typed: six digits are a code, anything else the password. */
export function deleteAccountBodyOf(secret: string): DeleteAccountBody {
  const trimmed = secret.trim();
  if (trimmed === '') return {};
  return /^\d{6}$/.test(trimmed.replace(/\s/g, '')) ? { code: trimmed } : { password: secret };
}

export const accountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** The deletion's reference, also in the store's audit log, which names no one: the holder's receipt. */
  reference: z.string(),
  /** Paid orders kept for the invoices' legal retention, detached from the account. */
  keptOrders: z.number().int(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** GET /api/me/export: everything the store holds about the caller, without any secret. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    userName: z.string(),
    role: z.enum(['customer', 'admin']),
    photoURL: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    taxId: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    /** How the account signs in: `password`, `google`. */
    signInMethods: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /** Every address and phone the store has for the caller: the profile's and each order's delivery. */
  addresses: z.array(z.object({ address: z.string(), phone: z.string(), source: z.enum(['profile', 'order']), orderNumber: z.string().nullable() })),
  orders: z.array(orderSchema),
  cart: z.array(z.object({ toolId: z.string(), productName: z.string(), quantity: z.number().int(), addedAt: z.string() })),
  reviews: z.array(z.object({ _id: z.string(), userName: z.string(), rating: z.number(), reviewText: z.string(), createdAt: z.string(), hidden: z.boolean() })),
  /** Messages sent through the Contact form from the account's address (only once the address is confirmed as theirs). */
  contactMessages: z.array(z.object({ name: z.string(), email: z.string(), number: z.string(), message: z.string(), createdAt: z.string(), handled: z.boolean() })),
  /** Signed-in browsers: when, from where, with what; never the session's token. */
  sessions: z.array(
    z.object({ createdAt: z.string(), lastActiveAt: z.string(), expiresAt: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable(), current: z.boolean() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The download's file name: `toolhouse-my-data-2026-12-02.json`. */
export const accountExportFileName = (at: Date) => `toolhouse-my-data-${at.toISOString().slice(0, 10)}.json`;
