import { z } from 'zod';

export const insertedIdSchema = z.object({ insertedId: z.string() });

/** Every error the API answers with has this shape. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  message: z.string(),
  /** For validation errors: which field failed and why. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
