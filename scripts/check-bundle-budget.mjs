// Checks the built web app against size budgets: what a first visit downloads (the entry script,
// its preloaded chunks and CSS, gzipped), and that no admin or Stripe code is part of it.
// Run after `npm run build`: `npm run budget`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = { initialJs: 135, initialCss: 20, largestLazyChunk: 60 };
const FORBIDDEN_IN_INITIAL = [/manage-users-page/, /add-tool-page/, /manage-tools-page/, /manage-orders-page/, /stripe/i];

const dist = path.resolve(import.meta.dirname, '../dist/web');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

const js = initial.filter((f) => f.endsWith('.js'));
const css = initial.filter((f) => f.endsWith('.css'));
const initialJs = js.reduce((sum, f) => sum + gzipKb(f), 0);
const initialCss = css.reduce((sum, f) => sum + gzipKb(f), 0);

const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !js.includes(`/assets/${f}`))
  .map((f) => ({ file: f, kb: gzipKb(`assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb);

const problems = [];
if (initialJs > BUDGET_KB.initialJs) problems.push(`initial JavaScript ${initialJs.toFixed(1)} kB gz > ${BUDGET_KB.initialJs} kB`);
if (initialCss > BUDGET_KB.initialCss) problems.push(`initial CSS ${initialCss.toFixed(1)} kB gz > ${BUDGET_KB.initialCss} kB`);
if (lazy[0] && lazy[0].kb > BUDGET_KB.largestLazyChunk) problems.push(`lazy chunk ${lazy[0].file} ${lazy[0].kb.toFixed(1)} kB gz > ${BUDGET_KB.largestLazyChunk} kB`);
for (const file of initial) {
  if (FORBIDDEN_IN_INITIAL.some((pattern) => pattern.test(file))) problems.push(`${file} is loaded on every first visit`);
}

console.log(`initial JS  ${initialJs.toFixed(1)} kB gz (${js.length} files), budget ${BUDGET_KB.initialJs}`);
console.log(`initial CSS ${initialCss.toFixed(1)} kB gz, budget ${BUDGET_KB.initialCss}`);
console.log(`largest lazy chunks: ${lazy.slice(0, 3).map((c) => `${c.file} ${c.kb.toFixed(1)} kB`).join(', ')}`);
if (problems.length > 0) {
  console.error(`Over budget:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Within budget.');
