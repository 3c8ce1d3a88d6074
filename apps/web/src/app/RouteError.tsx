import { createErrorBlock } from 'antd-mobile';
import { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FirstScreenHandOff } from './FirstScreenHandOff';

// antd-mobile's ErrorBlock carries four illustrations; this screen is in the first chunk and needs one.
const ErrorBlock = createErrorBlock({
  default: defaultImage,
  disconnected: defaultImage,
  empty: defaultImage,
  busy: defaultImage,
});

/**
 * A page that failed to load (e.g. its chunk could not be fetched): tap to reload, or go back. Offline, it says
 * so and loads the page again by itself once the connection is back.
 */
export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [offline, setOffline] = useState(() => !navigator.onLine);
  useEffect(() => {
    const reload = () => window.location.reload();
    const lost = () => setOffline(true);
    window.addEventListener('online', reload);
    window.addEventListener('offline', lost);
    return () => {
      window.removeEventListener('online', reload);
      window.removeEventListener('offline', lost);
    };
  }, []);
  return (
    <div className="kb-centered" data-testid="route-error">
      <ErrorBlock
        status="default"
        title={t('shell.loadFailed')}
        description={offline ? t('shell.offlineReload') : ''}
      />
      <div className="kb-inline-links">
        <button type="button" className="kb-link" onClick={() => navigate(-1)} data-testid="route-error-back">
          {t('shell.back')}
        </button>
        <button
          type="button"
          className="kb-link"
          onClick={() => window.location.reload()}
          data-testid="route-error-reload"
        >
          {t('shell.reload')}
        </button>
      </div>
      <FirstScreenHandOff />
    </div>
  );
}
