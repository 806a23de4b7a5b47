import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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

/**
 * One full collection, now: the store calls it once it is ready (database open, migrated, seeded),
 * for the embedded database (decision 044, eighth round). Until its first full collection V8 does
 * not use the growing factor above but its own first guess, which lets the old generation grow
 * far past what the store keeps: in a sales run it went from 51 to 130 MB through the 200
 * sign-ups before V8 collected it (65 MB live after), and the sales then started on top of that
 * (peak 436 MB resident). Collected once at the start, the start's garbage (the database's
 * opening, the migrations, the seed) goes at once, and every later collection comes at 30%.
 *
 * V8 gives a script its `gc` only with --expose-gc; set here, it applies to contexts made after, so
 * one made for this call has it. It is switched off again before anything else makes a context.
 */
export function collectTheStartsGarbageNow(): void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  collect();
}
