import { Dialog } from 'antd-mobile';
import { i18n } from '../lib/i18n';

/** Asks whether to switch to the newly deployed version now; resolves true for "reload". */
export function confirmUpdate(): Promise<boolean> {
  return Dialog.confirm({
    title: i18n.t('pwa.updateTitle'),
    content: i18n.t('pwa.updateBody'),
    confirmText: i18n.t('pwa.updateReload'),
    cancelText: i18n.t('pwa.updateLater'),
  });
}
