import { z } from 'zod';
import { API_ERROR_CODES } from '../errors';

export const insertedIdSchema = z.object({ insertedId: z.string() });
export type InsertedId = z.infer<typeof insertedIdSchema>;

/**
 * Every error a store route answers with (RFC 9457 problem details, `application/problem+json`;
 * decision 033). `code` is stable and for programs, one of src/shared/errors (decision 043);
 * `detail` is for people. A code may carry data members of its own (`available`, `state`,
 * `allow`, ...): the object is loose so that the response serializer keeps them.
 */
export const apiErrorSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  code: z.enum(API_ERROR_CODES),
  /** For errors about request fields: which field failed and why. */
  errors: z.array(z.object({ field: z.string(), detail: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
