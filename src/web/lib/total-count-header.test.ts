import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER as contract } from '../../shared/schemas/catalogue';
import { TOTAL_COUNT_HEADER } from './total-count-header';

describe('TOTAL_COUNT_HEADER', () => {
  it('is the header the API contract names', () => {
    expect(TOTAL_COUNT_HEADER).toBe(contract);
  });
});
