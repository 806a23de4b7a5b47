import os from 'node:os';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { EXIT, readCommandLine } from '../lib/command-line';

const { values, positionals } = readCommandLine({
  name: 'reset-password',
  script: 'reset-password',
  synopsis: '[--generate] <email>',
  description: `Sets a new password for the account with this email, ends all its sessions and any reset
link still in its mailbox, and writes an entry in the audit log (Activity page). For someone who
cannot use 'Forgot Password?' (no mail server, or a lost mailbox), or an admin locked out.

The password is never taken from the command line (it would stay in the shell's history): with
--generate a strong one is made and shown once; otherwise it is asked for twice on a terminal, or
read as the first line of standard input (printf '%s\\n' "$PASSWORD" | npm run reset-password -- <email>).
It must pass the sign-up rules (8 to 128 characters, not one of the most common passwords).

On PostgreSQL it works while the store runs. On the embedded database, stop the store first: the
running store holds the data folder.`,
  options: {
    generate: { type: 'boolean', short: 'g', help: 'Make a strong random password and print it once.' },
  },
  positionals: { min: 1, max: 1 },
});
const email = positionals[0]!.trim().toLowerCase();

// Loaded once the command line is right, so that --help answers at once.
const [{ loadConfig }, { openDatabase }, { lockDataDirForTool }, { migrateDatabase }, { generatePassword, passwordProblem, setPasswordAsOperator }] =
  await Promise.all([
    import('../config'),
    import('../db/client'),
    import('./support/lock-for-tool'),
    import('../db/migrate'),
    import('../accounts/operator-password'),
  ]);

const password = values.generate ? generatePassword() : await readPassword();
const problem = await passwordProblem(password);
if (problem) {
  console.error(`${problem}. Nothing was changed.`);
  process.exit(EXIT.failed);
}

const config = loadConfig();
const release = await lockDataDirForTool(
  config,
  "Stop the store first, run this again, then start the store. While it runs, the person can choose a new password with 'Forgot Password?' on the sign-in page.",
);
const handle = await openDatabase(config.database);
try {
  await migrateDatabase(handle);
  const result = await setPasswordAsOperator(handle.db, email, password, operatorName());
  if (!result.found) {
    console.error(`No user with the email ${email}. Nothing was changed.`);
    process.exitCode = EXIT.failed;
  } else {
    if (values.generate) console.log(`New password for ${email} (shown once, pass it on safely):\n${password}`);
    console.log(
      `Set the password of ${email}; ended ${plural(result.sessionsEnded, 'session')} and ${plural(result.resetLinksEnded, 'reset link')}. The audit log has an entry.`,
    );
  }
} finally {
  await handle.close();
  await release?.();
}

/** Twice, unseen, on a terminal; else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    const line = text.split(/\r?\n/)[0] ?? '';
    if (!line) {
      console.error('No password on standard input. Pipe one in, run this on a terminal, or use --generate.');
      process.exit(EXIT.usage);
    }
    return line;
  }
  const [first, second] = await askUnseen([`New password for ${email}: `, 'The same again: ']);
  if (first !== second) {
    console.error('The two passwords differ. Nothing was changed.');
    process.exit(EXIT.failed);
  }
  return first!;
}

/** Asks on the terminal without echoing what is typed (its echo goes nowhere); one reader for every answer, so none is lost. */
async function askUnseen(questions: string[]): Promise<string[]> {
  const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({ input: process.stdin, output: nowhere, terminal: true });
  const giveUp = () => {
    process.stderr.write('\nNothing was changed.\n');
    process.exit(EXIT.failed);
  };
  // Ctrl+C: in raw mode it reaches readline, which would only pause.
  prompt.on('SIGINT', giveUp);
  const answers: string[] = [];
  try {
    for (const question of questions) {
      process.stderr.write(question);
      answers.push(await prompt.question(''));
      process.stderr.write('\n');
    }
  } catch {
    // Ctrl+D at the prompt.
    giveUp();
  } finally {
    prompt.close();
  }
  return answers;
}

/** Who ran this, as the audit log shows it: the operating-system account and the machine. */
function operatorName(): string {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    // A container's user may have no entry in /etc/passwd.
    user = process.env.USER ?? `uid ${process.getuid?.() ?? '?'}`;
  }
  return `command line (${user}@${os.hostname()})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
