import { STATUS_CODES } from 'node:http';
import { expect } from 'vitest';

/**
 * Expects `res` to be the store's error answer (decision 033): the status, the problem-details
 * content type, and exactly `{ type, title, status, code, detail, ...members }` as its body.
 */
export function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  { status, code, detail, ...members }: { status: number; code: string; detail: string } & Record<string, unknown>,
) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toEqual({ type: 'about:blank', title: STATUS_CODES[status], status, code, detail, ...members });
}
