import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@kabuto/client';
import { reportFailure } from './failures';

/** Server state lives here only; failures are shown once, by the shell, unless the caller shows them. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) reportFailure(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silent) return;
      if (mutation.meta?.failuresInForm && !(error instanceof ApiError && error.sessionExpired)) return;
      reportFailure(error);
    },
  }),
  // A failure is shown at once; retrying would only delay it.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
