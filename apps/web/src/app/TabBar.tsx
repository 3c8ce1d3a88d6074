import { TabBar as MobileTabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TAB_ROUTES } from './routes';

/** The bottom bar of the five tab pages; switching tabs replaces the history entry. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <MobileTabBar
      className="kb-tabbar"
      activeKey={pathname}
      onChange={(key) => navigate(key, { replace: true })}
      data-testid="tab-bar"
    >
      {TAB_ROUTES.map(({ path, tab }) => {
        const Icon = tab?.icon;
        return (
          <MobileTabBar.Item
            key={path}
            icon={Icon ? <Icon /> : null}
            title={tab ? t(tab.labelKey) : path}
            data-testid={`tab-${tab?.labelKey.replace('tabs.', '') ?? path}`}
          />
        );
      })}
    </MobileTabBar>
  );
}
