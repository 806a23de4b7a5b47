// The browser for the browser tests (playwright.config.ts) and the Lighthouse budget
// (scripts/budget.mjs): one lookup and one set of flags for both.
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Without these, Chromium keeps calling home (updates, sync, Google's hosts), and on this closed
 * network those connections fail many at a time; sandboxing needs privileges a CI container lacks.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Playwright cannot download its own browser here, so use one already on the machine:
 * $CHROMIUM_PATH, the system's Chromium, or a browser left in Playwright's cache.
 */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
  if (system) return system;
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), '.cache/ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache).filter((d) => d.startsWith('chromium')).sort().reverse()) {
      for (const sub of ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-linux/headless_shell']) {
        const candidate = path.join(cache, dir, sub);
        if (existsSync(candidate)) return candidate;
      }
    }
  }
  throw new Error('No Chromium found. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
}
