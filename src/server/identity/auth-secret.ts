import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The secret that signs sessions and access tokens. AUTH_SECRET wins; otherwise one is generated
 * on first start and kept in DATA_DIR/auth-secret (readable by the owner only), so restarts keep
 * everyone signed in. Several app processes on one PostgreSQL must share AUTH_SECRET instead.
 */
export async function resolveAuthSecret(configured: string | null, dataDir: string): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false };
  const file = path.join(dataDir, 'auth-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return { secret: stored, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return { secret: (await readFile(file, 'utf8')).trim(), generated: true };
}
