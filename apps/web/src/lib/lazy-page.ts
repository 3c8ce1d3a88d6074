import { lazy, type ComponentType } from 'react';

/** A page that has not loaded within 60 s counts as failed and offers tap-to-reload. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A page component loaded on demand, failing after PAGE_LOAD_TIMEOUT_MS. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => withTimeout(load(), PAGE_LOAD_TIMEOUT_MS));
