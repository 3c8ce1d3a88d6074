import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@kabuto/client';

/** Client errors (4xx) are answers, not glitches: only transport and server failures are retried, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
