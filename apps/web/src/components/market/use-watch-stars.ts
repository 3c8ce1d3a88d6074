import { useCallback } from 'react';
import { showToast } from '../../lib/error-toast';
import { useMarketTranslation } from '../../lib/market-texts';
import { useWatchlistToggle } from '../../lib/market-data';
import { useIsLoggedIn } from '../../lib/session-store';
import { useLoginPrompt } from './use-login-prompt';

/** How long the star's toast stays: long enough to read, short enough not to cover the next tap. */
const WATCH_TOAST_MS = 1200;

/**
 * The watchlist stars of a list, hooked once for all its rows (a query and a mutation per row made every
 * row's render the list's): whether a code is watched, the code being changed, and one toggle, which says
 * what it did in a toast, and asks a visitor to log in instead.
 */
export function useWatchStars() {
  const { t } = useMarketTranslation();
  const loggedIn = useIsLoggedIn();
  const {
    isWatched,
    toggle: toggleWatch,
    pendingCode,
  } = useWatchlistToggle((watched) =>
    showToast(t(watched ? 'market:watchAdded' : 'market:watchRemoved'), WATCH_TOAST_MS),
  );
  const askToLogin = useLoginPrompt();
  const toggle = useCallback(
    (code: string) => (loggedIn ? toggleWatch(code) : void askToLogin(t('market:loginToWatch'))),
    [loggedIn, toggleWatch, askToLogin, t],
  );
  return {
    isWatched: (code: string) => loggedIn && isWatched(code),
    pendingCode,
    toggle,
  };
}
