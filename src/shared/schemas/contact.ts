import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
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
