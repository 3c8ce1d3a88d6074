import { memo } from 'react';
import type { TFunction } from 'i18next';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useMarketTranslation } from '../../lib/market-texts';
import { useWatchStars } from './use-watch-stars';

interface WatchStarButtonProps {
  code: string;
  name: string;
  watched: boolean;
  pending: boolean;
  onToggle: (code: string) => void;
  t: TFunction;
}

/** The watchlist toggle of one instrument: a star, filled when watched. */
export const WatchStarButton = memo(function WatchStarButton({
  code,
  name,
  watched,
  pending,
  onToggle,
  t,
}: WatchStarButtonProps) {
  return (
    <button
      type="button"
      className={watched ? 'kb-icon-button kb-star kb-star-on' : 'kb-icon-button kb-star'}
      aria-pressed={watched}
      aria-label={t('market:watchName', { name })}
      disabled={pending}
      onClick={() => onToggle(code)}
      data-testid={`watch-star-${code}`}
    >
      {watched ? <StarFill aria-hidden /> : <StarOutline aria-hidden />}
    </button>
  );
});

/** The star of a single instrument (its detail's header). Visitors are asked to log in. */
export function WatchStar({ code, name }: { code: string; name: string }) {
  const { t } = useMarketTranslation();
  const stars = useWatchStars();
  return (
    <WatchStarButton
      code={code}
      name={name}
      watched={stars.isWatched(code)}
      pending={stars.pendingCode === code}
      onToggle={stars.toggle}
      t={t}
    />
  );
}
