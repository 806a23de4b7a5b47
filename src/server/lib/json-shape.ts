import { NO_CONTROL_CHARACTERS } from '../../shared';

/** Deeper than any body the store accepts; a body nested 10,000 deep overflowed JSON.stringify. */
export const MAX_JSON_DEPTH = 32;

export type JsonProblem = { kind: 'too-deep' } | { kind: 'control-characters'; field: string };

/**
 * Walks a parsed JSON body without recursion (so hostile nesting cannot overflow the stack) and
 * tells the first thing wrong with it: nesting deeper than MAX_JSON_DEPTH or, with
 * `checkStrings`, a string holding control characters (named by its path, e.g. `email`).
 */
export function findJsonProblem(body: unknown, checkStrings: boolean): JsonProblem | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (checkStrings && !NO_CONTROL_CHARACTERS.test(value)) return { kind: 'control-characters', field: path || 'body' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'too-deep' };
    for (const [key, child] of Object.entries(value)) {
      stack.push({ value: child, depth: depth + 1, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}
