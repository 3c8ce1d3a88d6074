import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A page that failed to load (e.g. its chunk could not be fetched): tap to reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="kb-centered" onClick={() => window.location.reload()} data-testid="route-error">
      <ErrorBlock status="default" title={t('shell.loadFailed')} description={t('shell.tapToReload')} />
    </div>
  );
}
