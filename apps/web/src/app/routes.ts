import { accountRoutes } from '../features/account/routes';
import { alertRoutes } from '../features/alerts/routes';
import { appInfoRoutes } from '../features/app-info/routes';
import { authRoutes } from '../features/auth/routes';
import { copyTradingRoutes } from '../features/copy-trading/routes';
import { financingRoutes } from '../features/financing/routes';
import { fundRoutes } from '../features/fund/routes';
import { fundingRoutes } from '../features/funding/routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { marketRoutes } from '../features/market/routes';
import { messageRoutes } from '../features/messages/routes';
import { newsRoutes } from '../features/news/routes';
import { offeringsRoutes } from '../features/offerings/routes';
import { supportRoutes } from '../features/support/routes';
import { tradeRoutes } from '../features/trade/routes';
import type { AppRoute } from '../lib/routing';

/** Every route of the investor app, from the features' own lists. */
export const ROUTES: readonly AppRoute[] = [
  ...appInfoRoutes,
  ...homeRoutes,
  ...marketRoutes,
  ...alertRoutes,
  ...tradeRoutes,
  ...newsRoutes,
  ...messageRoutes,
  ...accountRoutes,
  ...authRoutes,
  ...legalRoutes,
  ...supportRoutes,
  ...fundingRoutes,
  ...offeringsRoutes,
  ...copyTradingRoutes,
  ...fundRoutes,
  ...financingRoutes,
];

export const TAB_ROUTES = ROUTES.filter((route) => route.tab).sort(
  (a, b) => (a.tab?.index ?? 0) - (b.tab?.index ?? 0),
);

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === pathname);
}
