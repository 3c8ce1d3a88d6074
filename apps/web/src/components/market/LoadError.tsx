import { Button } from 'antd-mobile';
import { useMarketTranslation } from '../../lib/market-texts';

/** A list or figure that could not be loaded, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useMarketTranslation();
  return (
    <div className="kb-load-error" role="alert" data-testid="load-error">
      <p>{t('market:loadFailed')}</p>
      <Button size="small" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </div>
  );
}
