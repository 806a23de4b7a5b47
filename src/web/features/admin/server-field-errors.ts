import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../lib/api-client';

/**
 * Puts the server's validation errors (400 `errors: [{field, detail}]`) under the form's own
 * fields and focuses the first. Returns whether any field got one.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return false;
  const known = (error.body?.errors ?? []).filter((issue): issue is { field: Path<Values>; detail: string } =>
    (fields as readonly string[]).includes(issue.field),
  );
  known.forEach((issue, index) => setError(issue.field, { type: 'server', message: issue.detail }, { shouldFocus: index === 0 }));
  return known.length > 0;
}
