import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts the server's field errors (`errors: [{field, detail}]`: a 400's validation, or a 409 that
 * names its field, such as a SKU another tool has) under the form's own fields and focuses the first. `fields` lists the form's fields, or says which form field an API
 * field stands for (null: none), for forms whose fields are lists (`specs.3.value`). Returns
 * whether any field got one.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[] | ((field: string) => Path<Values> | null),
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiRequestError) || error.status < 400 || error.status >= 500) return false;
  const fieldFor = typeof fields === 'function' ? fields : (field: string) => ((fields as readonly string[]).includes(field) ? (field as Path<Values>) : null);
  const known = (error.body?.errors ?? []).flatMap((issue) => {
    const field = fieldFor(issue.field);
    return field === null ? [] : [{ field, detail: issue.detail }];
  });
  known.forEach((issue, index) => setError(issue.field, { type: 'server', message: issue.detail }, { shouldFocus: index === 0 }));
  return known.length > 0;
}
