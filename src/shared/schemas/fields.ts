import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';

/**
 * A text field that is required: missing, not a string, or blank after trimming
 * all give `requiredMessage`, so a form and the API say the same thing.
 */
export function requiredText(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters });
}

/**
 * Text people type never holds control characters (line breaks and tabs aside); a NUL byte cannot
 * even be stored in a PostgreSQL text column. One rule for every text field.
 */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** No line breaks or tabs: names and ids are printed on one line (mail subjects, invoices). */
const ONE_LINE = /^[^\r\n\t\u2028\u2029]*$/;
/** A string of ordinary text, for fields that are not "required" in the spec's sense. */
export const plainText = () => z.string().regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters });

/** Optional text a form may leave blank: blank means "none" (null), not an empty string. */
export const blankToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** A business buyer's company, or the seller's, as printed on an invoice. */
export const companyNameText = () =>
  plainText().trim().max(120, { error: VALIDATION.companyNameTooLong }).regex(ONE_LINE, { error: VALIDATION.nameOneLine });
/**
 * A VAT number, EIN or the like, as printed on an invoice: plain words on one line. Whether one that
 * starts with an EU VAT prefix is a VAT number of its country's format is the server's check
 * (server/tax/vat-numbers.ts, with jsvat), so the web app carries no table of formats.
 */
export const taxIdText = () =>
  plainText()
    .trim()
    .max(40, { error: VALIDATION.taxIdTooLong })
    .regex(ONE_LINE, { error: VALIDATION.oneLine })
    .regex(/^[^<>]*$/, { error: VALIDATION.taxIdMarkup });

/** The spec's "simple x@y.z pattern": something, @, something, dot, something; no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = requiredText(VALIDATION.emailRequired)
  .max(LIMITS.emailMax, { error: VALIDATION.emailTooLong })
  .regex(SIMPLE_EMAIL, { error: VALIDATION.emailInvalid })
  .transform((email) => email.toLowerCase());

const PROFILE_PHOTO_URL_MAX = 2000;

function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const userNameField = requiredText(VALIDATION.userNameRequired)
  .min(LIMITS.userNameMin, { error: VALIDATION.userNameTooShort })
  .max(LIMITS.contactNameMax, { error: VALIDATION.contactNameTooLong })
  // A name is one line: a line break in one could make it read as a paragraph of its own.
  .regex(ONE_LINE, { error: VALIDATION.nameOneLine });

/**
 * A profile photo link (the identity service's `image`; Google sets it at sign-in). It is shown
 * as an <img> to its owner, so only an https address of ordinary length.
 */
export const profilePhotoField = z
  .string({ error: VALIDATION.profilePhotoInvalid })
  .max(PROFILE_PHOTO_URL_MAX, { error: VALIDATION.profilePhotoInvalid })
  .refine(isHttpsAddress, { error: VALIDATION.profilePhotoInvalid });

/** A UUID path parameter. Anything else is answered with 404 by the route, not 400. */
export const idParam = z.object({ id: z.string() });
/**
 * zod's own UUID pattern (what `z.uuid()` accepts), tested directly rather than through a parse:
 * every tool page is asked for by slug, so this answers false on the storefront's hottest path,
 * and a failed zod parse leaves garbage that outlives the request. Measured: the tool page's
 * reads promoted 7.7 MB a second into the old generation through `safeParse`, 0.02 with the
 * pattern (docs/bench.md, "Seventh round").
 */
const UUID_PATTERN = z.regexes.uuid();
export const isUuid = (value: string) => UUID_PATTERN.test(value);
