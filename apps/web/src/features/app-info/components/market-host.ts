import type { AppInfo } from '@kabuto/contract';
import type { TFunction } from 'i18next';

/**
 * The market host as the reader's language names it: the simulated feed is ours, so it has a name in every
 * language; a real feed's name is its own and is shown as the server gives it.
 */
export function marketHostName(host: AppInfo['marketHost'], t: TFunction): string {
  return host.simulated ? t('startup.simulatedMarketHost') : host.name;
}
