import { formatJst } from '@kabuto/contract';
import { useMarketTranslation } from '../../lib/market-texts';
import { useConnection } from '../../lib/realtime';

/**
 * Shown over live figures while the socket is down: they are then read by slow polling, so the screen says
 * from when they are instead of passing them off as current. `asOf` is the time of the last read (ms).
 */
export function LiveNotice({ asOf }: { asOf: number }) {
  const { t } = useMarketTranslation();
  const connection = useConnection();
  if (connection !== 'down') return null;
  const time = asOf > 0 ? formatJst(new Date(asOf).toISOString(), { seconds: true }) : '—';
  return (
    <p className="kb-live-down" role="status" data-testid="live-down">
      {t('market:liveDown', { time })}
    </p>
  );
}
