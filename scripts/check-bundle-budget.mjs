// Checks the built web app against size budgets: what a first visit downloads (the entry script,
// its preloaded chunks, the chunks they import statically, and the CSS, gzipped), and that none of
// it is back-office or payment code. Run after `npm run build`: `npm run budget`.
//
// Back-office code is recognised by chunk name: vite.config.ts names every chunk that only the
// admin pages reach `admin-*` (recharts and its dependencies included). Chart and Stripe libraries
// are also recognised by their own strings, wherever the bundler put them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = { initialJs: 135, initialCss: 20, largestLazyChunk: 60 };
const ADMIN_CHUNK = /^admin-/;
/** Strings that survive minification: recharts' class names, Stripe.js' loader and React bindings. */
const LIBRARY_MARKERS = [
  { library: 'recharts', pattern: /\brecharts[-_]/ },
  { library: 'Stripe', pattern: /js\.stripe\.com|@stripe\/stripe-js|Could not find Elements context/ },
];

const dist = path.resolve(import.meta.dirname, '../dist/web');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const read = (file) => readFileSync(path.join(dist, file), 'utf8');
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

/** The attribute values of every tag matching `tag` that has `attribute`. */
function attributeValues(tagPattern, attribute) {
  return [...html.matchAll(tagPattern)]
    .map((match) => new RegExp(`\\s${attribute}="([^"]+)"`).exec(match[0])?.[1])
    .filter((value) => value?.startsWith('/assets/'))
    .map((value) => value.slice(1));
}

const entryScripts = attributeValues(/<script\b[^>]*>/g, 'src');
const preloads = attributeValues(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, 'href');
const css = attributeValues(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, 'href');

/**
 * Static imports and re-exports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`,
 * `export*from"./x.js"`), resolved to dist paths. Dynamic `import("./x.js")` is left out: that
 * is loaded later, on navigation.
 */
function staticImports(file) {
  const code = read(file);
  const specifiers = [
    ...code.matchAll(/(?<![\w$.])import\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+\.js)["']/g),
    ...code.matchAll(/(?<![\w$.])export\s*[\w$*{}\s,]*?from\s*["']([^"']+\.js)["']/g),
  ].map((match) => match[1]);
  return specifiers.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/assets/')).map((specifier) =>
    specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(file), specifier),
  );
}

// Everything the first visit loads: the entry, what index.html preloads, and their static imports.
const initialJs = new Set();
const queue = [...entryScripts, ...preloads];
while (queue.length > 0) {
  const file = queue.shift();
  if (initialJs.has(file) || !file.endsWith('.js')) continue;
  initialJs.add(file);
  queue.push(...staticImports(file));
}

const js = [...initialJs];
const initialJsKb = js.reduce((sum, f) => sum + gzipKb(f), 0);
const initialCssKb = css.reduce((sum, f) => sum + gzipKb(f), 0);

const lazy = readdirSync(path.join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => f.endsWith('.js') && !initialJs.has(f))
  .map((f) => ({ file: f, kb: gzipKb(f) }))
  .sort((a, b) => b.kb - a.kb);

const problems = [];
if (entryScripts.length === 0) problems.push('index.html has no entry script: is this a Vite build?');
if (initialJsKb > BUDGET_KB.initialJs) problems.push(`initial JavaScript ${initialJsKb.toFixed(1)} kB gz > ${BUDGET_KB.initialJs} kB`);
if (initialCssKb > BUDGET_KB.initialCss) problems.push(`initial CSS ${initialCssKb.toFixed(1)} kB gz > ${BUDGET_KB.initialCss} kB`);
for (const chunk of lazy.filter((c) => c.kb > BUDGET_KB.largestLazyChunk)) {
  problems.push(`lazy chunk ${chunk.file} ${chunk.kb.toFixed(1)} kB gz > ${BUDGET_KB.largestLazyChunk} kB`);
}
for (const file of js) {
  if (ADMIN_CHUNK.test(path.posix.basename(file))) problems.push(`${file} is back-office code loaded on every first visit`);
  const code = read(file);
  for (const { library, pattern } of LIBRARY_MARKERS) {
    if (pattern.test(code)) problems.push(`${file} holds ${library} code and is loaded on every first visit`);
  }
}

const adminChunks = lazy.filter((c) => ADMIN_CHUNK.test(path.posix.basename(c.file)));
console.log(`initial JS  ${initialJsKb.toFixed(1)} kB gz (${js.length} files: ${js.map((f) => path.posix.basename(f)).join(', ')}), budget ${BUDGET_KB.initialJs}`);
console.log(`initial CSS ${initialCssKb.toFixed(1)} kB gz, budget ${BUDGET_KB.initialCss}`);
console.log(`largest lazy chunks: ${lazy.slice(0, 3).map((c) => `${path.posix.basename(c.file)} ${c.kb.toFixed(1)} kB`).join(', ')}; budget ${BUDGET_KB.largestLazyChunk} each`);
console.log(`admin-only chunks (lazy): ${adminChunks.length}, ${adminChunks.reduce((sum, c) => sum + c.kb, 0).toFixed(1)} kB gz in all`);
if (problems.length > 0) {
  console.error(`Over budget:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Within budget.');
