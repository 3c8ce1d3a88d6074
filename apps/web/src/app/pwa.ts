import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (sw.js: the app shell precached, API calls never cached). When a new version
 * has been deployed and downloaded, asks before switching to it: reloading takes the new version at once,
 * "later" keeps this one until the app is next opened. The dialog (and its animation library) loads only then.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      void import('./update-prompt')
        .then(({ confirmUpdate }) => confirmUpdate())
        .then((reload) => {
          if (reload) void updateServiceWorker(true);
        });
    },
  });
}
