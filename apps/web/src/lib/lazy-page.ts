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

type PageModule = { default: ComponentType };

/** A page component loaded on demand, failing after PAGE_LOAD_TIMEOUT_MS. */
export type LazyPage = ReturnType<typeof lazy<ComponentType>> & {
  /** Starts fetching the page's chunk before it renders (the first screen's page, with the app's own code). */
  preload(): Promise<PageModule>;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | null = null;
  // One fetch per page: a failed one is forgotten, so the reload a failure offers can try again.
  const preload = () =>
    (loading ??= withTimeout(load(), PAGE_LOAD_TIMEOUT_MS).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}
