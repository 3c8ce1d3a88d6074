import { Dialog } from 'antd-mobile';
import { registerSW } from 'virtual:pwa-register';
import { i18n } from '../lib/i18n';

/**
 * Registers the service worker (sw.js: the app shell precached, API calls never cached). When a new version
 * has been deployed and downloaded, asks before switching to it: reloading takes the new version at once,
 * "later" keeps this one until the app is next opened.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      void Dialog.confirm({
        title: i18n.t('pwa.updateTitle'),
        content: i18n.t('pwa.updateBody'),
        confirmText: i18n.t('pwa.updateReload'),
        cancelText: i18n.t('pwa.updateLater'),
      }).then((reload) => {
        if (reload) void updateServiceWorker(true);
      });
    },
  });
}
