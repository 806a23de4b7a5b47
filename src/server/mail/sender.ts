import { createBackgroundPass, type PassControl } from '../db/background-pass';
import type { DatabaseHandle } from '../db/client';
import { maskEmailsInText } from '../lib/mask-emails';
import { MAIL_QUEUED_CHANNEL } from './outbox';
import { claimDueMail, markMailFailed, markMailsSent, msUntilNextMail, purgeOldMail, type ClaimedMail } from './outbox-repository';
import type { MailDelivery } from './transport';

interface SenderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SenderOptions {
  /** First retry after this long; each further one waits twice as long, up to `maxRetryDelayMs`. */
  firstRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A mail still failing this long after it was queued is given up (and logged as such). */
  giveUpAfterMs?: number;
  /** Look at the outbox at least this often, in case a wake-up was missed (another process's lease ended). */
  pollMs?: number;
}

export interface MailSender {
  /** Starts sending what is queued, and listens for new mail from every process. */
  start(): Promise<void>;
  /** Looks at the outbox now (queueMail's NOTIFY does this after each commit). */
  wake(): void;
  /** Stops; a send under way is given a moment to finish. */
  close(): Promise<void>;
}

const BATCH = 20;
/**
 * Mail sent is marked so together, one statement for what was sent meanwhile, at most this long
 * after a send: a process that stops between a send and its mark sends that mail again once its
 * lease ends, so the window stays close to what one statement a mail gave, at a fraction of the
 * statements when sending is fast (a sale queues two or three mails; the embedded database
 * answers one statement at a time).
 */
const MARK_SENT_WITHIN_MS = 250;
/**
 * A wake-up (a mail committed) is answered this long after it: during sales two or three mails are
 * committed a sale, and each would otherwise be a claim and a look at the next due row of its own.
 */
const GATHER_MS = 50;
/** A claimed row is hidden from other processes this long: more than one send's SMTP time limits together. */
const LEASE_SECONDS = 300;
const DEFAULTS: Required<SenderOptions> = {
  firstRetryDelayMs: 1_000,
  maxRetryDelayMs: 30 * 60_000,
  giveUpAfterMs: 2 * 24 * 60 * 60_000,
  pollMs: 30_000,
};
/** Sent and given-up mail is kept this long (for questions such as "did the receipt go out?"), then deleted. */
const KEEP_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60_000;
const SINGLE_ADDRESS = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"()]+$/;

/**
 * Delivers the mail_outbox rows of every process on the database, from this one. Any number of
 * processes run one each: a row is claimed with `for update skip locked` and a lease, so exactly
 * one process sends it. Failures never reach the request that queued the mail: a server that is
 * down or answers 4xx is tried again with growing delays, a 5xx answer (the address refused for
 * good) or two days of failures end the attempts, and every failure is logged without the address.
 */
export function createMailSender(
  handle: DatabaseHandle,
  delivery: MailDelivery,
  log: SenderLog,
  options: SenderOptions = {},
): MailSender {
  const opts = { ...DEFAULTS, ...options };
  let lastPurge = 0;
  const loop = createBackgroundPass(handle, {
    channel: MAIL_QUEUED_CHANNEL,
    pollMs: opts.pollMs,
    gatherMs: GATHER_MS,
    work: async (control) => {
      await sendDue(control);
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        const purged = await purgeOldMail(handle.db, KEEP_DAYS);
        if (purged > 0) log.info({ purged }, `mail: deleted mail sent more than ${KEEP_DAYS} days ago`);
      }
      return msUntilNextMail(handle.db);
    },
    onError: (error) => log.error({ err: error }, 'mail: could not read the outbox; trying again shortly'),
  });

  async function sendDue(control: PassControl) {
    for (;;) {
      control.claiming();
      const batch = await claimDueMail(handle.db, BATCH, LEASE_SECONDS);
      const sent = new SentMarks(handle);
      try {
        for (const mail of batch) {
          if (control.stopped) return;
          if (await sendOne(mail)) sent.add(mail.id);
        }
      } finally {
        await sent.flush();
      }
      if (batch.length < BATCH) return;
    }
  }

  /** Sends one mail; answers whether it went (a failure is marked and logged here). */
  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    const details = { mailId: mail.id, attempt: mail.attempt };
    if (!SINGLE_ADDRESS.test(mail.to)) {
      await markMailFailed(handle.db, mail.id, 'not a single email address', null);
      log.error(details, 'mail: not sent and given up: the recipient is not a single email address');
      return false;
    }
    try {
      await delivery.send({ ...mail, queuedAt: mail.createdAt });
    } catch (error) {
      const { message, permanent } = describeFailure(error);
      const failingFor = Date.now() - mail.createdAt.getTime();
      if (permanent || failingFor >= opts.giveUpAfterMs) {
        await markMailFailed(handle.db, mail.id, message, null);
        log.error({ ...details, reason: message }, 'mail: not delivered and given up');
      } else {
        const delayMs = Math.min(opts.firstRetryDelayMs * 2 ** (mail.attempt - 1), opts.maxRetryDelayMs);
        await markMailFailed(handle.db, mail.id, message, delayMs / 1000);
        log.warn({ ...details, reason: message, retryInSeconds: delayMs / 1000 }, 'mail: not delivered; will try again');
      }
      return false;
    }
    log.info(details, 'mail: sent');
    return true;
  }

  return {
    // Mail queued while the feed of notifications was lost is found when it comes back, or by the poll.
    start: () => loop.start(),
    wake: () => loop.wake(),
    async close() {
      // A row whose send is cut short is sent again when its lease ends.
      await loop.close();
      delivery.close();
    },
  };
}

/**
 * The mails of one batch sent and not yet marked so: written together by one statement at most
 * MARK_SENT_WITHIN_MS after the first of them was sent (while the next sends go on), and the rest
 * when the batch ends. A write that failed is thrown by `flush`, as a mark written at once was.
 */
class SentMarks {
  #ids: string[] = [];
  #timer: NodeJS.Timeout | null = null;
  #writes: Array<Promise<void>> = [];
  #failure: unknown = null;
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  add(id: string): void {
    this.#ids.push(id);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      this.#write();
    }, MARK_SENT_WITHIN_MS);
  }

  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#write();
    await Promise.all(this.#writes);
    if (this.#failure) throw this.#failure;
  }

  #write(): void {
    const ids = this.#ids;
    this.#ids = [];
    if (ids.length === 0) return;
    this.#writes.push(
      markMailsSent(this.#handle.db, ids).catch((error: unknown) => {
        this.#failure ??= error;
      }),
    );
  }
}

/** What went wrong, with addresses masked, and whether trying again cannot help. */
function describeFailure(error: unknown): { message: string; permanent: boolean } {
  const err = error as { message?: unknown; responseCode?: unknown; code?: unknown };
  const responseCode = typeof err.responseCode === 'number' ? err.responseCode : null;
  const text = typeof err.message === 'string' ? err.message : String(error);
  const code = typeof err.code === 'string' ? `${err.code}: ` : '';
  return {
    message: maskEmailsInText(`${code}${text}`).slice(0, 500),
    // 5xx: the server refused this message or recipient for good. (A failed login, EAUTH, is also
    // 5xx but is the store's misconfiguration: keep the mail until the operator fixes SMTP_URL.)
    permanent: responseCode !== null && responseCode >= 500 && err.code !== 'EAUTH',
  };
}
