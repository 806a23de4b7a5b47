import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared';

const RELOAD_MARK = 'chunk-reload-at';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This part of the store could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Turns a page module import into a React Router `lazy` loader.
 * - A load that has not finished after 120 s (spec) fails instead of hanging.
 * - A failed load after a new deploy (the old chunk is gone) reloads the page once to pick up the
 *   new build; a second failure shows the route's error screen with a retry button.
 */
export function lazyPage(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const module = await withTimeout(importer(), CHUNK_LOAD_TIMEOUT_MS);
      sessionStorage.removeItem(RELOAD_MARK);
      return { Component: module.default };
    } catch (error) {
      const lastReload = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
      if (navigator.onLine && Date.now() - lastReload > 30_000) {
        sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw new ChunkLoadError(error);
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
