import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, a free port): the store sends to it as
 * to any mail server, and the test reads what arrived, parsed by mailparser.
 */
export interface MailCatcher {
  /** smtp://127.0.0.1:<port>: the store's SMTP_URL. */
  url: string;
  /** Every message accepted so far, oldest first. */
  messages: ParsedMail[];
  /** Messages answered with 451 while failing (see setFailing). */
  rejected: number;
  /** The first message (already here or still to come) for `to` that `match` accepts. */
  waitForMail(to: string, match?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** The first link in the mail whose path starts with `pathPrefix`, as an absolute URL. */
  linkIn(mail: ParsedMail, pathPrefix: string): string;
  /** While on, every message is answered "451 try again later", as a mail server in trouble does. */
  setFailing(on: boolean): void;
  /**
   * Keeps the sender of every message for `to` waiting for the server's answer (a slow mail
   * server), until the function answered is called: the messages are then accepted.
   */
  holdMailFor(to: string): () => void;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** Also write each accepted message to this folder as <n>.eml (the browser tests' mailbox reads them). */
  saveTo?: string;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: ParsedMail[] = [];
  const envelopes = new WeakMap<ParsedMail, string[]>();
  const waiters = new Set<() => void>();
  let failing = false;
  let saved = 0;
  /** Addresses held, with the messages for them waiting to be accepted. */
  const held = new Map<string, Array<() => void>>();
  if (options.saveTo) await mkdir(options.saveTo, { recursive: true });

  const catcher: MailCatcher = {
    url: '',
    messages,
    rejected: 0,
    waitForMail(to, match = () => true, timeoutMs = 10_000) {
      const wanted = (mail: ParsedMail) => isFor(mail, to, envelopes.get(mail)) && match(mail);
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(wanted);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = messages.map((m) => `${recipientsOf(m, envelopes.get(m)).join(', ')}: ${m.subject ?? ''}`);
          reject(new Error(`no matching mail for ${to} within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    linkIn,
    setFailing(on) {
      failing = on;
    },
    holdMailFor(to) {
      const address = to.toLowerCase();
      held.set(address, []);
      return () => {
        const waiting = held.get(address) ?? [];
        held.delete(address);
        for (const accept of waiting) accept();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no certificate to make up, and nodemailer doesn't insist on TLS.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failing) {
          catcher.rejected += 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const accept = () => void (async () => {
          const mail = await simpleParser(raw);
          if (options.saveTo) await writeFile(path.join(options.saveTo, `${String(++saved).padStart(5, '0')}.eml`), raw);
          envelopes.set(mail, recipients);
          messages.push(mail);
          callback();
          for (const waiter of [...waiters]) waiter();
        })().catch((error: Error) => callback(error));
        const holding = recipients.map((address) => held.get(address)).find((waiting) => waiting !== undefined);
        if (holding) holding.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  catcher.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return catcher;
}

/** The addresses a mail was for: its envelope when known, else its To and Cc headers. */
export function recipientsOf(mail: ParsedMail, envelope?: string[]): string[] {
  if (envelope?.length) return envelope;
  const headers = [mail.to, mail.cc].flat().filter((a): a is AddressObject => Boolean(a));
  return headers.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

function isFor(mail: ParsedMail, to: string, envelope?: string[]): boolean {
  return recipientsOf(mail, envelope).includes(to.toLowerCase());
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The first link (in the HTML part, else the text part) whose path starts with `pathPrefix`. */
export function linkIn(mail: ParsedMail, pathPrefix: string): string {
  const fromHtml = [...(mail.html || '').matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => HTML_ENTITIES[entity]!),
  );
  const fromText = [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  for (const link of [...fromHtml, ...fromText]) {
    try {
      if (new URL(link).pathname.startsWith(pathPrefix)) return link;
    } catch {
      // Not an absolute URL (a mailto:, an anchor): not a link to follow.
    }
  }
  throw new Error(`no link to ${pathPrefix} in the mail "${mail.subject ?? ''}"`);
}
