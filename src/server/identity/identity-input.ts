import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import { emailField, profilePhotoField, userNameField } from '../../shared';

/**
 * The identity service (better-auth) takes a name and a photo link as they come: it stored an
 * empty name, a single space and a name of 89,000 characters, which then travelled with every
 * review. Its endpoints follow the store's own form rules instead: the same shared schemas, the
 * same messages.
 */
const RULES: Record<string, { field: string; schema: z.ZodType; required: boolean; code: string }[]> = {
  '/sign-up/email': [
    { field: 'name', schema: userNameField, required: true, code: 'INVALID_NAME' },
    { field: 'email', schema: emailField, required: true, code: 'INVALID_EMAIL' },
    { field: 'image', schema: profilePhotoField, required: false, code: 'INVALID_IMAGE' },
  ],
  '/update-user': [
    { field: 'name', schema: userNameField, required: false, code: 'INVALID_NAME' },
    // null removes the photo.
    { field: 'image', schema: profilePhotoField.nullable(), required: false, code: 'INVALID_IMAGE' },
  ],
};

/**
 * Checks the name and photo of a sign-up or profile change. Throws a 400 naming the first bad
 * field; otherwise answers the body with the name trimmed as the forms trim it (null: nothing to
 * check on this path).
 */
export function checkIdentityInput(path: string, body: unknown): Record<string, unknown> | null {
  const rules = RULES[path];
  if (!rules || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const checked: Record<string, unknown> = { ...body };
  for (const { field, schema, required, code } of rules) {
    const value = checked[field];
    if (value === undefined && !required) continue;
    const result = schema.safeParse(value);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid value';
      throw new APIError('BAD_REQUEST', { code, message, errors: [{ field, message }] });
    }
    // The email keeps its spelling: the identity service lowercases it itself.
    if (field === 'name') checked[field] = result.data;
  }
  return checked;
}
