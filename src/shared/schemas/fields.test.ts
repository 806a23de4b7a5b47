import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUuid } from './fields';

/** What the API's id parameters accept: zod's own check, which isUuid must agree with. */
const zodAccepts = (value: string) => z.uuid().safeParse(value).success;

describe('isUuid, the test every id path parameter and tool page address goes through', () => {
  it('accepts what z.uuid() accepts and refuses what it refuses', () => {
    const candidates = fc.oneof(fc.uuid(), fc.uuid().map((id) => id.toUpperCase()), fc.string(), fc.stringMatching(/^[0-9a-fA-F-]{30,40}$/));
    fc.assert(
      fc.property(candidates, (value) => {
        expect(isUuid(value)).toBe(zodAccepts(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses a tool slug, a uuid with a suffix or a prefix, and the empty string', () => {
    for (const value of ['precision-electronics-screwdriver-kit', '2deee7c6-7506-4abc-b7bf-577fb3abfb93x', ' 2deee7c6-7506-4abc-b7bf-577fb3abfb93', '2deee7c6-7506-4abc-b7bf-577fb3abfb93\n', '']) {
      expect(isUuid(value)).toBe(false);
    }
    expect(isUuid('2deee7c6-7506-4abc-b7bf-577fb3abfb93')).toBe(true);
  });
});
