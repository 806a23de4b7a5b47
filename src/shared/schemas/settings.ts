import { z } from 'zod';
import { VALIDATION } from '../messages';
import { blankToNull, companyNameText, emailField, plainText, taxIdText } from './fields';
import { countryCodeField } from './tax';

/** The owner's settings (GET /api/settings, admins): the seller on invoices, where notices go, low stock. */
export const storeSettingsSchema = z.object({
  companyName: z.string(),
  companyAddress: z.string(),
  taxId: z.string().nullable(),
  /** Where mail to the owner goes; null: to every admin. */
  notifyEmail: z.string().nullable(),
  /** A tool with this many units or fewer is low on stock (unless it has its own mark). */
  lowStockThreshold: z.number().int(),
  /** The seller's country (ISO 3166-1): an order that names no country goes there. */
  country: z.string(),
  /** On: catalogue prices include tax (an EU consumer store); off: tax is added to them (US style). */
  pricesIncludeTax: z.boolean(),
  /**
   * On: a paid reverse-charge order waits for an admin to confirm the buyer's VAT number on its page
   * before it can be shipped (whether a number is live can't be checked offline; decision 048).
   */
  reviewReverseCharge: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** PUT /api/settings: the settings form; the same rules on both sides. */
export const storeSettingsUpdateSchema = z.object({
  companyName: companyNameText().min(2, { error: VALIDATION.companyNameRequired }),
  companyAddress: plainText()
    .trim()
    .min(5, { error: VALIDATION.companyAddressRequired })
    .max(300, { error: VALIDATION.companyAddressTooLong }),
  taxId: taxIdText().optional().transform(blankToNull),
  // Empty means none: every admin hears instead. Anything else must be an address.
  notifyEmail: z
    .string({ error: VALIDATION.emailInvalid })
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(emailField.optional())
    .transform(blankToNull),
  lowStockThreshold: z
    .number({ error: VALIDATION.lowStockThresholdWhole })
    .int({ error: VALIDATION.lowStockThresholdWhole })
    .min(0, { error: VALIDATION.lowStockThresholdWhole })
    .max(1_000_000, { error: VALIDATION.lowStockThresholdWhole }),
  // Left out: unchanged (clients from before tax by destination).
  country: countryCodeField.optional(),
  pricesIncludeTax: z.boolean().optional(),
  reviewReverseCharge: z.boolean().optional(),
});
export type StoreSettingsUpdate = z.output<typeof storeSettingsUpdateSchema>;
export type StoreSettingsForm = z.input<typeof storeSettingsUpdateSchema>;
