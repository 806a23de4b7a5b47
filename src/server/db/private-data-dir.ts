import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, the generated AUTH_SECRET, the outbox's .eml files (reset
 * and sign-in links) and, on a first start without a terminal, the first admin's password: none of
 * it is for other users of the machine. The folder becomes 0700 and everything in it 0600 (folders
 * 0700), also what an older version left readable; the process's umask makes new files so too.
 * PGlite sets 0666 on the files it makes, whatever the umask: the folder's 0700 is what keeps other
 * users out of those (they cannot enter it), and each start tightens them again (call this once
 * more after the database is open).
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await tighten(dataDir);
}

async function tighten(entry: string): Promise<void> {
  try {
    const stats = await lstat(entry);
    // A link points somewhere the operator chose: leave that place's rights to them.
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== 0o700) await chmod(entry, 0o700);
      for (const name of await readdir(entry)) await tighten(path.join(entry, name));
    } else if ((stats.mode & 0o077) !== 0) {
      await chmod(entry, stats.mode & 0o700);
    }
  } catch (error) {
    // Gone since its folder was read: another process sharing DATA_DIR (on PostgreSQL, several
    // may) renamed its outbox file's `.part` into place. Nothing is left to tighten.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Where the first admin's generated password is written when no terminal shows it. */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

/**
 * Writes the first admin's generated password to a file only this user can read, for a start
 * with no terminal (systemd, a container): there, standard output goes to a journal that is kept
 * and shipped. Answers the file's path, for the start banner to name.
 */
export async function writeFirstAdminPassword(dataDir: string, email: string, password: string): Promise<string> {
  const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
  await writeFile(file, `${email}\n${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}
