import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

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

/** The trading section's screens, one tab each; each tab is its own address. */
export function TradingTabs({ active }: { active: TradingTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => navigate(`/trading/${key}`)}
      items={TRADING_TABS.map((tab) => ({ key: tab, label: t(`trading.tabs.${tab}`) }))}
      data-testid="trading-tabs"
    />
  );
}
