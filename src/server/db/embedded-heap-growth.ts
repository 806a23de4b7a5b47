import { setFlagsFromString } from 'node:v8';

/**
 * The embedded store's process collects its old generation when it has grown by 30% since the
 * last full collection, not V8's default of up to four times (decision 044, seventh round). With
 * the database inside the process, what the app's thread holds between two full collections is
 * the part of its memory that swings: during the sales benchmark the old generation went from 75
 * MB live to 186 before V8 collected it, and the store's resident memory to 521 MB (issue 26's
 * target: under 400). At 30% it cycles between 55 and 82 MB, and the run peaked at 397.
 *
 * This used to cost the reads, when the tool pages promoted 8 MB of garbage a second and full
 * collections came several times as often; since `isUuid` no longer fails a zod parse on every
 * tool page, the reads promote next to nothing, and the full collections come during sales only,
 * a few a minute (their marking runs beside the app on V8's own threads).
 *
 * The flag is read each time V8 sets the next collection's limit, so setting it at the start
 * covers the whole life of the process. It is not a cap: the heap still grows as far as the live
 * data needs. Only the store's entry point calls it, for the embedded database, as
 * `compileEmbeddedDatabaseOptimisedOnly`; tests and scripts keep V8's defaults.
 */
export function collectGarbageSoonerInEmbeddedStore(): void {
  setFlagsFromString('--heap-growing-percent=30');
}
