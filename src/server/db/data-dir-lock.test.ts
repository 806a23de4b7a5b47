import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('refuses a second holder of the same folder until the first lets go', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    const release = await lockDataDir(dir, () => {});
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(lockDataDir(dir, () => {})).rejects.toThrow(/in use by another store process/);
    await release();
    const again = await lockDataDir(dir, () => {});
    await again();
  });
});
