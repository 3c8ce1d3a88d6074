import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';

/**
 * Says so while the device is offline: the app shell still opens from the service worker, but nothing the
 * server knows (balances, prices) is fetched, and the service worker never keeps API answers to show instead.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="kb-offline" role="status" data-testid="offline-notice">
      <strong>{t('pwa.offlineTitle')}</strong>
      <span>{t('pwa.offlineBody')}</span>
    </div>
  );
}
