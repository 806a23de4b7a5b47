import { z } from 'zod';

export const insertedIdSchema = z.object({ insertedId: z.string() });

/**
 * Every error a store route answers with (RFC 9457 problem details, `application/problem+json`;
 * decision 033). `code` is stable and for programs; `detail` is for people. A code may carry data
 * members of its own (`available`, `state`, `allow`, ...): the object is loose so that the
 * response serializer keeps them.
 */
export const apiErrorSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  code: z.string(),
  /** For errors about request fields: which field failed and why. */
  errors: z.array(z.object({ field: z.string(), detail: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
