import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolPageRenderer } from '../../shared/server-rendering';

/** The renderer's file in a build: `vite build --ssr` writes it beside the web app (scripts/build.mjs). */
export const rendererFile = (webDistDir: string) => path.join(webDistDir, '..', 'ssr', 'render-tool-page.js');

/**
 * The web app's server renderer of tool pages, from the build (decision 040): the server never
 * imports web code, it loads the module Vite built from it. Null when the build has none (a
 * dist/ from before it existed): tool pages are then sent with their head and data only, and the
 * browser draws them.
 */
export async function loadToolPageRenderer(webDistDir: string): Promise<ToolPageRenderer | null> {
  const file = rendererFile(webDistDir);
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as { renderer?: ToolPageRenderer };
  if (typeof loaded.renderer?.renderToolPage !== 'function') throw new Error(`${file} does not export the tool page renderer`);
  return loaded.renderer;
}
