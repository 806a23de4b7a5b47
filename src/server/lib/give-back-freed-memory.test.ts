import { describe, expect, it } from 'vitest';
import { outputOfScript } from '../../../tests/support/script-process';
import { runsOnGlibc } from './give-back-freed-memory';

/**
 * A process of its own frees most of 240 MB of small allocations, keeping one in eight, so that
 * glibc's arena is left full of free pages between live ones, which it keeps (as the store's
 * threads leave theirs); then it gives them back. Answers the resident memory, MB: after the
 * allocations are freed and the process has waited, then after the trim has had time to run.
 */
const residentAroundGiveBack = async (): Promise<{ freed: number; waited: number; givenBack: number }> => {
  const script = `
    import { giveBackFreedMemory } from './src/server/lib/give-back-freed-memory.ts';
    const rssMb = () => process.memoryUsage.rss() / 2 ** 20;
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    let chunks = Array.from({ length: 30_000 }, () => Buffer.allocUnsafeSlow(8 * 1024).fill(1));
    const kept = chunks.filter((_, i) => i % 8 === 0);
    chunks = null;
    for (let i = 0; i < 3; i++) { globalThis.gc(); await pause(50); }
    const freed = rssMb();
    await pause(1000);
    const waited = rssMb();
    const stop = giveBackFreedMemory(60_000);
    await pause(1000);
    stop();
    console.log(JSON.stringify({ freed, waited, givenBack: rssMb(), kept: kept.length }));`;
  return JSON.parse(await outputOfScript(script, ['--expose-gc']));
};

describe('the store gives the memory it freed back to the system (issue 26, memory)', () => {
  it.runIf(runsOnGlibc())('returns free pages that glibc would otherwise keep', async () => {
    const { freed, waited, givenBack } = await residentAroundGiveBack();
    // Left alone, glibc keeps the free pages between the live chunks...
    expect(waited).toBeGreaterThan(freed - 20);
    // ...and the trim hands most of the 210 MB freed back.
    expect(givenBack).toBeLessThan(waited - 100);
  }, 60_000);
});
