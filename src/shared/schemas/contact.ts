import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { pageQuery } from './catalogue';
import { emailField, requiredText, userNameField } from './fields';

/** Contact form / POST /api/queries (spec sections 3, 5). */
export const contactQuerySchema = z.object({
  name: userNameField,
  email: emailField,
  number: requiredText(VALIDATION.contactPhoneRequired).max(LIMITS.phoneMax, {
    error: VALIDATION.phoneTooLong,
  }),
  message: requiredText(VALIDATION.contactMessageRequired).max(LIMITS.contactMessageMax, {
    error: VALIDATION.contactMessageTooLong,
  }),
});

export type ContactQueryInput = z.input<typeof contactQuerySchema>;
export type ContactQuery = z.output<typeof contactQuerySchema>;

/** Contact queries as the admin's Messages page reads them. */
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const queriesQuerySchema = pageQuery(20, 100).extend({
  handled: z.enum(['true', 'false'], { error: "handled must be 'true' or 'false'" }).optional(),
});
export const queryPatchSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });
