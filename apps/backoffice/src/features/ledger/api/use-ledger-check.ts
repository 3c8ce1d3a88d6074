import { useMutation } from '@tanstack/react-query';
import { api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

/** Recomputes every balance from the postings on demand (a button, so a mutation: it runs when asked). */
export function useLedgerCheck() {
  return useMutation({ mutationFn: () => apiClient.call(api.staffLedger.verify) });
}
