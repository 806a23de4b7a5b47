import { createRequire } from 'node:module';

/** How often freed memory goes back to the system: a trim takes 2–20 ms, on libuv's pool, not this thread. */
const GIVE_BACK_EVERY_MS = 5_000;

type Trim = { async(pad: number, done: (error: unknown, result: number) => void): void };

/** Whether this process's allocator is glibc's (Linux, not musl): the one whose arenas keep freed pages. */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime);
}

/**
 * glibc's `malloc_trim`, called through koffi, or null where there is none (musl, macOS, Windows,
 * or koffi without a build for this platform): those allocators give memory back by themselves or
 * keep it, and the store runs the same either way.
 */
function loadMallocTrim(): Trim | null {
  if (!runsOnGlibc()) return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as unknown as Trim;
  } catch {
    return null;
  }
}

/**
 * Gives the memory the process has freed back to the system every `everyMs` (decision 044, eighth
 * round). glibc keeps what a thread frees in that thread's arena for its next allocations and only
 * hands back an arena's top; V8's compiler threads (compiling PostgreSQL's WebAssembly at start),
 * libuv's pool (password hashes) and freed ArrayBuffers leave arenas full of free pages the store
 * never asks for again: 30–60 MB of the embedded store's resident memory. `malloc_trim(0)` returns
 * every whole free page of every arena. It runs on libuv's pool, so the event loop never waits for
 * it; the timer does not keep the process alive. Answers a function that stops it.
 */
export function giveBackFreedMemory(everyMs = GIVE_BACK_EVERY_MS): () => void {
  const trim = loadMallocTrim();
  if (!trim) return () => {};
  let trimming = false;
  const giveBack = () => {
    if (trimming) return;
    trimming = true;
    trim.async(0, () => (trimming = false));
  };
  giveBack();
  const timer = setInterval(giveBack, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
