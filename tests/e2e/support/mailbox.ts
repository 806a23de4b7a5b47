import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { linkIn as linkInMail, recipientsOf } from '../../support/mail-catcher';

/**
 * The mail the store sent during this browser test run. The global setup runs a real SMTP server
 * (tests/support/mail-catcher.ts) as the store's SMTP_URL and keeps each message it accepts as a
 * file in E2E_MAIL_DIR; specs, in other processes, read them from there.
 */
const parsed = new Map<string, ParsedMail>();

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the mail catcher');
  return dir;
}

async function allMail(): Promise<ParsedMail[]> {
  const dir = mailDir();
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files) {
    if (!parsed.has(file)) parsed.set(file, await simpleParser(await readFile(path.join(dir, file))));
  }
  return files.map((f) => parsed.get(f)!);
}

/** The first mail to `to` that `match` accepts, waiting for it to arrive (the store sends in the background). */
export async function waitForMail(to: string, match: (mail: ParsedMail) => boolean = () => true, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await allMail();
    const found = mail.find((m) => recipientsOf(m).includes(to.toLowerCase()) && match(m));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = mail.filter((m) => recipientsOf(m).includes(to.toLowerCase())).map((m) => m.subject);
      throw new Error(`no matching mail for ${to} within ${timeoutMs} ms; mail to that address: ${JSON.stringify(seen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in `mail` whose path starts with `pathPrefix` (an absolute URL to open with page.goto). */
export const linkIn = (mail: ParsedMail, pathPrefix: string): string => linkInMail(mail, pathPrefix);
