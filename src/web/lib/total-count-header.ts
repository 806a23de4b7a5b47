/**
 * The header carrying the total number of rows of a paged list. The contract is
 * TOTAL_COUNT_HEADER in src/shared/schemas/catalogue.ts, but importing that module runs its zod
 * schemas, which would put zod (~24 kB) into every first visit (docs/decisions/013). The test
 * beside this file keeps the two equal.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
