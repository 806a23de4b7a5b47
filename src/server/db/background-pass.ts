import type { DatabaseHandle } from './client';

/** What a pass's work sees of the loop that runs it. */
export interface PassControl {
  /** Call before each claim: the wake-ups heard until now are answered by that claim. */
  claiming(): void;
  /** Whether close() was called: a long pass stops between items. */
  readonly stopped: boolean;
}

export interface BackgroundPassOptions {
  /** The NOTIFY channel on which a commit in any process says there is new work. */
  channel: string;
  /** Look at least this often, in case a wake-up was missed (another process's lease ended). */
  pollMs: number;
  /**
   * A wake-up runs the pass this long after it rather than at once, so that the work committed by
   * the many transactions of a busy moment is taken by one claim, not one claim each (default 0).
   */
  gatherMs?: number;
  /** Does what is due; answers in how many milliseconds the next known work is due, or null. */
  work: (control: PassControl) => Promise<number | null>;
  /** A pass that threw: logged by the caller, and the loop looks again shortly. */
  onError: (error: unknown) => void;
}

export interface BackgroundPass {
  /** Does what is due, and listens for new work from every process. */
  start(): Promise<void>;
  /** Looks now (after a commit in this process). */
  wake(): void;
  /** Stops; a pass under way is given a moment to finish. */
  close(): Promise<void>;
}

/** After a pass that failed (the database away), look again after this long. */
const RETRY_AFTER_ERROR_MS = 5_000;
/** How long close() waits for a pass under way: work cut short is done again when its lease ends. */
const CLOSE_GRACE_MS = 5_000;

/**
 * The loop of a background worker over a table of due work (the mail outbox, the follow-ups): one
 * pass at a time; a wake-up during a pass runs another right after it, so work committed meanwhile
 * is not left for the poll; otherwise the next pass is timed for the next due row, and at most
 * `pollMs` away. Woken by a NOTIFY from any process, and when the feed of notifications comes back.
 */
export function createBackgroundPass(handle: DatabaseHandle, options: BackgroundPassOptions): BackgroundPass {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<void> | null = null;
  /** Set by a wake-up during a pass. */
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;
  /** When the timer set will run the pass (Date.now() terms). */
  let timerDueAt = Infinity;
  const gatherMs = options.gatherMs ?? 0;

  const control: PassControl = {
    claiming: () => {
      again = false;
    },
    get stopped() {
      return stopped;
    },
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const delay = Math.min(ms, options.pollMs);
    timerDueAt = Date.now() + delay;
    timer = setTimeout(run, delay);
    timer.unref();
  };

  /** A wake-up: a pass now, or after `gatherMs` (never later than one already timed). */
  function woken() {
    if (gatherMs === 0 || pass) return run();
    if (timerDueAt > Date.now() + gatherMs) schedule(gatherMs);
  }

  function run() {
    if (stopped) return;
    // A pass started by start or resumed replaces the timed one, which would only run an extra pass.
    if (timer) clearTimeout(timer);
    timerDueAt = Infinity;
    if (pass) {
      again = true;
      return;
    }
    again = false;
    pass = (async () => {
      let nextMs: number | null;
      try {
        nextMs = await options.work(control);
      } catch (error) {
        options.onError(error);
        nextMs = RETRY_AFTER_ERROR_MS;
      }
      pass = null;
      schedule(again ? gatherMs : (nextMs ?? options.pollMs));
    })();
  }

  return {
    async start() {
      unlisten = await handle.listen(options.channel, { notify: woken, resumed: () => run() });
      run();
    },
    wake: woken,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten?.();
      if (pass) await Promise.race([pass, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
    },
  };
}
