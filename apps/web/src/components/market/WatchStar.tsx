import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useMarketTranslation } from '../../lib/market-texts';
import { useWatchlistToggle } from '../../lib/market-data';
import { useIsLoggedIn } from '../../lib/session-store';
import { useLoginPrompt } from './use-login-prompt';

/** The watchlist toggle of one instrument: a star, filled when watched. Visitors are asked to log in. */
export function WatchStar({ code, name }: { code: string; name: string }) {
  const { t } = useMarketTranslation();
  const loggedIn = useIsLoggedIn();
  const { isWatched, toggle, pendingCode } = useWatchlistToggle();
  const askToLogin = useLoginPrompt();
  const watched = loggedIn && isWatched(code);
  return (
    <button
      type="button"
      className={watched ? 'kb-icon-button kb-star kb-star-on' : 'kb-icon-button kb-star'}
      aria-pressed={watched}
      aria-label={t('market:watchName', { name })}
      disabled={pendingCode === code}
      onClick={() => (loggedIn ? toggle(code) : void askToLogin(t('market:loginToWatch')))}
      data-testid={`watch-star-${code}`}
    >
      {watched ? <StarFill aria-hidden /> : <StarOutline aria-hidden />}
    </button>
  );
}
