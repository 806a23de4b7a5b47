/** The queue is full: the work was not started and will not be; the caller may try again later. */
export class PhotoQueueFullError extends Error {
  constructor() {
    super('the photo queue is full');
    this.name = 'PhotoQueueFullError';
  }
}

export interface OneAtATimeQueue {
  /** Runs `task` when nothing else runs; waits its turn while the room lasts, else throws PhotoQueueFullError. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Whether a task now would be refused: one running and the waiting room full. */
  readonly full: boolean;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Runs tasks one after another, in arrival order, with at most `maxWaiting` waiting.
 *
 * Why a bounded waiting room rather than an endless queue: each waiting upload holds its body (up
 * to 5 MB) in memory and a client that waits for it, and each one ahead adds up to a photo's time
 * limit to the wait. An unbounded queue turns a burst into memory and minutes-long requests; a full
 * one says "503, try again in a few seconds" at once, which a person or a script can act on.
 */
export function createOneAtATimeQueue(maxWaiting: number): OneAtATimeQueue {
  let busy = false;
  const waiters: Array<() => void> = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (busy) {
        if (waiters.length >= maxWaiting) throw new PhotoQueueFullError();
        await new Promise<void>((resolve) => waiters.push(resolve));
      } else {
        busy = true;
      }
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, so no newcomer can overtake it.
        const next = waiters.shift();
        if (next) next();
        else busy = false;
      }
    },
    get full() {
      return busy && waiters.length >= maxWaiting;
    },
    get running() {
      return busy ? 1 : 0;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
