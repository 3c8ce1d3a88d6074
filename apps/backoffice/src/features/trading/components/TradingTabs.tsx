import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

export const TRADING_TABS = [
  'instruments',
  'positions',
  'orders',
  'exposure',
  'forced-closes',
  'margin-calls',
  'config',
] as const;
export type TradingTab = (typeof TRADING_TABS)[number];

/**
 * The filters a tab keeps when the next one takes them too: looking into one client or one stock, staff go from
 * its positions to its orders and its forced closes without typing the id again.
 */
const CARRIED: Partial<Record<TradingTab, readonly string[]>> = {
  positions: ['userId', 'code'],
  orders: ['userId', 'code'],
  'forced-closes': ['userId', 'code'],
  'margin-calls': ['userId'],
};

/** The address of a tab, with the filters of `current` that it takes. */
export function tradingTabPath(tab: TradingTab, current: URLSearchParams): string {
  const carried = new URLSearchParams();
  for (const name of CARRIED[tab] ?? []) {
    const value = current.get(name);
    if (value) carried.set(name, value);
  }
  const search = carried.toString();
  return `/trading/${tab}${search ? `?${search}` : ''}`;
}

/** The trading section's screens, one tab each; each tab is its own address. */
export function TradingTabs({ active }: { active: TradingTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => navigate(tradingTabPath(key as TradingTab, params))}
      items={TRADING_TABS.map((tab) => ({ key: tab, label: t(`trading.tabs.${tab}`) }))}
      data-testid="trading-tabs"
    />
  );
}
