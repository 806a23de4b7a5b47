import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This part of the store could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Turns a page module import into a React Router `lazy` loader. A load that has not finished
 * after 120 s (spec) fails instead of hanging; any failure becomes a ChunkLoadError, which the
 * route's error screen (route-error.tsx) turns into a reload or a retry button.
 */
export function lazyPage(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const module = await withTimeout(importer(), CHUNK_LOAD_TIMEOUT_MS);
      return { Component: module.default };
    } catch (error) {
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
