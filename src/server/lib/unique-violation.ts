/**
 * PostgreSQL's error fields on whatever was thrown: Drizzle wraps the driver's error (as `cause`),
 * and the embedded database's worker passes them across its thread (db/pglite-worker-protocol.ts).
 */
function postgresFields(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((current as { code: string }).code)) {
      return current as { code?: unknown; constraint?: unknown };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether a statement failed on a unique index or constraint (SQLSTATE 23505), and on `constraint`
 * when it is named: the database is the one judge of uniqueness under concurrent writers, so a
 * check made beforehand is for the message, and this catches the race it cannot see.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = postgresFields(error);
  if (fields?.code !== '23505') return false;
  return constraint === undefined || fields.constraint === constraint;
}
