import { useState } from 'react';

/**
 * Runs a form's API call with a busy flag for its button. A failed call needs nothing more here:
 * the API client has already shown the reason to the user.
 */
export function useApiAction() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
