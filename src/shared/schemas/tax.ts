import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { plainText } from './fields';
import { RATED_TAX_CLASSES, TAX_CLASSES } from '../tax';

/**
 * Tax by destination (decision 048). These schemas check the codes' shape; whether a code names a
 * real country or region is the server's check (server/tax/iso-codes.ts), so the web app carries no
 * table of codes.
 */
export const countryCodeField = z
  .string({ error: VALIDATION.countryInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: VALIDATION.countryInvalid });

export const regionCodeField = z
  .string({ error: VALIDATION.regionInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, { error: VALIDATION.regionInvalid });

/** A region is blank (none) or a code; null, '' and a missing one all mean none. */
const optionalRegionField = z
  .string({ error: VALIDATION.regionInvalid })
  .trim()
  .toUpperCase()
  .regex(/^(?:[A-Z]{2}-[A-Z0-9]{1,3})?$/, { error: VALIDATION.regionInvalid })
  .nullable()
  .optional()
  .transform((value) => value || null);

/** Whether a region code belongs to the country: 'US-CA' to 'US'. */
export const regionInCountry = (region: string, country: string) => region.startsWith(`${country}-`);

const hasAtMostThreeDecimals = (value: number) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;

export const taxPercentField = z
  .number({ error: VALIDATION.taxPercentInvalid })
  .min(0, { error: VALIDATION.taxPercentInvalid })
  .max(100, { error: VALIDATION.taxPercentInvalid })
  .refine(hasAtMostThreeDecimals, { error: VALIDATION.taxPercentDecimals });

const taxNameField = plainText()
  .trim()
  .min(1, { error: VALIDATION.taxNameRequired })
  .max(LIMITS.taxNameMax, { error: VALIDATION.taxNameTooLong })
  // Printed on invoices, mails and pages: plain words, no markup and one line.
  .regex(/^[^<>]*$/, { error: VALIDATION.taxNameMarkup })
  .regex(/^[^\r\n\t\u2028\u2029]*$/, { error: VALIDATION.oneLine });

/** A tool's tax class; absent: standard. */
export const taxClassField = z.enum(TAX_CLASSES, { error: VALIDATION.taxClassInvalid });

/** The class a rate taxes; absent (the list as it was before classes): standard. */
const rateTaxClassField = z.enum(RATED_TAX_CLASSES, { error: VALIDATION.taxRateClassInvalid }).default('standard');

/** One rate as the owner sets it. */
export const taxRateInputSchema = z
  .object({ country: countryCodeField, region: optionalRegionField, name: taxNameField, percent: taxPercentField, taxClass: rateTaxClassField })
  .refine((rate) => rate.region === null || regionInCountry(rate.region, rate.country), { error: VALIDATION.regionUnknown, path: ['region'] });
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

/** PUT /api/tax-rates: the whole list, which replaces the one before. One rate per destination and class. */
export const taxRatesUpdateSchema = z
  .array(taxRateInputSchema, { error: VALIDATION.taxRatesTooMany })
  .max(LIMITS.taxRatesMax, { error: VALIDATION.taxRatesTooMany })
  .superRefine((rates, context) => {
    const seen = new Set<string>();
    rates.forEach((rate, index) => {
      const destination = `${rate.country}/${rate.region ?? ''}/${rate.taxClass}`;
      if (seen.has(destination)) context.addIssue({ code: 'custom', message: VALIDATION.taxRateRepeated, path: [index, rate.region ? 'region' : 'country'] });
      seen.add(destination);
    });
    // A reduced rate where no standard rate applies would tax reduced tools and leave standard ones
    // untaxed: almost surely a slip, and an e-invoice mixing taxed and "not subject" lines breaks
    // EN 16931 (BR-O-11). The standard rate may be the region's own or its country's.
    rates.forEach((rate, index) => {
      if (rate.taxClass !== 'reduced') return;
      const standardApplies = rates.some(
        (other) => other.taxClass === 'standard' && other.country === rate.country && (other.region === rate.region || other.region === null),
      );
      if (!standardApplies) context.addIssue({ code: 'custom', message: VALIDATION.taxRateReducedWithoutStandard, path: [index, 'taxClass'] });
    });
  });
export type TaxRatesUpdate = z.output<typeof taxRatesUpdateSchema>;

/** A rate as the API answers it. */
export const taxRateSchema = z.object({ country: z.string(), region: z.string().nullable(), name: z.string(), percent: z.number(), taxClass: z.enum(RATED_TAX_CLASSES) });
export type TaxRateView = z.infer<typeof taxRateSchema>;

/** The tax-rates editor's form (dashboard): the list, wrapped for react-hook-form's field array. */
export const taxRatesFormSchema = z.object({ rates: taxRatesUpdateSchema });
export type TaxRatesForm = z.input<typeof taxRatesFormSchema>;

/**
 * GET /api/tax-config, public: what a buyer's form and the price labels need. The seller's country
 * (the destination when none is given), whether prices include tax, the countries one may choose,
 * the rates (so the cart can show the tax before the order is placed) and the names of the regions
 * that have one (a country with region rates asks for the region).
 */
export const taxConfigSchema = z.object({
  country: z.string(),
  pricesIncludeTax: z.boolean(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  rates: z.array(taxRateSchema),
});
export type TaxConfig = z.infer<typeof taxConfigSchema>;

/** The destination of an order, beside the spec's address: both optional (none: the seller's country). */
export const destinationFields = {
  country: countryCodeField.optional(),
  region: optionalRegionField,
};

/** An order's tax, summed up per name and rate. */
export const taxLineSchema = z.object({ name: z.string(), percent: z.number(), amount: z.number() });
export type TaxLine = z.infer<typeof taxLineSchema>;
