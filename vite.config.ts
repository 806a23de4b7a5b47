import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/**
 * Modules of the back office: features/admin and each feature's admin/ folder (features/orders/admin,
 * ...). What only they import (recharts and its dependencies) is admin-only too.
 */
const ADMIN_FEATURE = /[\\/]src[\\/]web[\\/]features[\\/](?:[^\\/]+[\\/])?admin[\\/]/;
/** The API contract shared with the server (zod schemas, texts, constants): neither customer nor admin code. */
const SHARED_CODE = /[\\/]src[\\/]shared[\\/]/;

/**
 * Names every chunk made only of admin-only modules `admin-<name>-<hash>.js`, so the bundle budget
 * (scripts/check-bundle-budget.mjs) can refuse a first visit that loads one, by name alone.
 *
 * A module is admin-only when every import path to it from the entry passes through the admin
 * feature: after the build the module graph is walked from the entry without entering admin
 * modules, and whatever that walk does not reach is admin-only. So recharts, imported only by the
 * Overview, is admin-only without being listed; a library a customer page also imports is not.
 */
function adminChunkNames() {
  let reachableWithoutAdmin: Set<string> | null = null;
  let known = new Set<string>();

  const plugin: Plugin = {
    name: 'admin-chunk-names',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      known = new Set(ids);
      const reached = new Set<string>();
      const queue = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (reached.has(id) || ADMIN_FEATURE.test(id)) continue;
        reached.add(id);
        const info = this.getModuleInfo(id);
        if (info) queue.push(...info.importedIds, ...info.dynamicallyImportedIds);
      }
      reachableWithoutAdmin = reached;
    },
  };

  const chunkFileNames = (chunk: { name: string; moduleIds: string[] }) => {
    // Modules the graph does not know (bundler runtime, virtual helpers) say nothing either way,
    // and neither does src/shared: the contract both sides read, every module of it reachable
    // through its index, so a schema only the back office uses (the order list's filter) lands in
    // the chunk of the one admin page that imports it and would otherwise unname that chunk.
    const graphModules = chunk.moduleIds.filter((id) => known.has(id) && !SHARED_CODE.test(id));
    const adminOnly =
      reachableWithoutAdmin !== null && graphModules.length > 0 && graphModules.every((id) => !reachableWithoutAdmin!.has(id));
    if (adminOnly) return 'assets/admin-[name]-[hash].js';
    // The prefix is reserved: a shared chunk that happens to be called "admin" (the module
    // src/shared/schemas/admin.ts) must not look like back-office code.
    return /^admin/i.test(chunk.name) ? 'assets/shared-[name]-[hash].js' : 'assets/[name]-[hash].js';
  };

  /** A library module only the back office imports (recharts and its dependencies). */
  const isAdminOnlyLibrary = (id: string) =>
    /[\\/]node_modules[\\/]/.test(id) && reachableWithoutAdmin !== null && known.has(id) && !reachableWithoutAdmin.has(id);

  return { plugin, chunkFileNames, isAdminOnlyLibrary };
}

const adminChunks = adminChunkNames();

/**
 * Writes `<file>.br` (Brotli, best quality) beside every built script, style sheet, SVG and HTML
 * file of 1 kB or more, for a server that serves precompressed files (@fastify/static's
 * `preCompressed`). Compressing once at build time at the best quality gives ~13% less
 * JavaScript on the wire than compressing each response on the fly at the fast quality
 * @fastify/compress uses (docs/decisions/013-first-visit-weight.md).
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|css|svg|html)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const compressed = brotliCompressSync(readFileSync(file), {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
        });
        writeFileSync(`${file}.br`, compressed);
      }
    },
  };
}

/**
 * The server's renderer of tool pages (decision 040): the same components, built for Node into
 * dist/ssr/render-tool-page.js (`vite build --ssr`, scripts/build.mjs). Everything it uses is
 * bundled (React, React Router, TanStack Query), as production code whatever NODE_ENV the server
 * runs with: React's development build renders several times slower and the store does not set
 * NODE_ENV. One copy of React, the bundle's own, renders the whole page.
 */
const ssrBuild = defineConfig({
  root: 'src/web',
  // The pictures are the browser build's to serve.
  publicDir: false,
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  logLevel: 'warn',
  build: {
    // The entry is named on the command line (`vite build --ssr ssr/render-tool-page.tsx`).
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});


const browserBuild = defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), adminChunks.plugin, precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Hashed chunk names let the server cache them for a year.
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      output: {
        chunkFileNames: adminChunks.chunkFileNames,
        codeSplitting: {
          groups: [
            {
              // Everything a first visit runs (the entry's static imports, Home included) in one
              // chunk: a dozen small shared chunks would each cost a request and its headers
              // before the page can render. Lazy pages import from it. See
              // docs/decisions/013-first-visit-weight.md.
              name: 'app',
              tags: ['$initial'],
              priority: 1,
            },
            {
              // Libraries only the back office uses, out of the Overview page's chunk, which would
              // otherwise be ~110 kB gzipped (over the 60 kB lazy-chunk budget): recharts itself,
              // and its dependencies (d3, redux toolkit, ...). Split along package lines only:
              // cutting through recharts, whose modules import each other in cycles, breaks its
              // start-up order. Named admin-charts-* and admin-libs-* by chunkFileNames above.
              // A function name leaves the group unnamed in rolldown's timing report, and rolldown
              // warns on every build until it has a label (this one changes no chunk's name).
              debugName: 'admin-libraries',
              name: (id: string) => {
                if (!adminChunks.isAdminOnlyLibrary(id)) return null;
                return /[\\/]node_modules[\\/]recharts[\\/]/.test(id) ? 'charts' : 'libs';
              },
              // Only these modules: following their imports would pull React itself into the
              // group, and the first visit would then load an admin-* chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': apiTarget },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : browserBuild));
