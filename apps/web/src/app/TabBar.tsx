import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TAB_ROUTES } from './routes';

/**
 * The bottom bar of the five tab pages; switching tabs replaces the history entry. Real buttons in a
 * navigation landmark (antd-mobile's TabBar items are plain divs a keyboard cannot reach), each the
 * full fifth of the bar wide and 70 px high.
 */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="kb-tabbar" aria-label={t('shell.tabBar')} data-testid="tab-bar">
      <ul>
        {TAB_ROUTES.map(({ path, tab }) => {
          const Icon = tab?.icon;
          return (
            <li key={path}>
              <button
                type="button"
                className="kb-tab"
                aria-current={pathname === path ? 'page' : undefined}
                onClick={() => navigate(path, { replace: true })}
                data-testid={`tab-${tab?.labelKey.replace('tabs.', '') ?? path}`}
              >
                {Icon ? <Icon /> : null}
                <span>{tab ? t(tab.labelKey) : path}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
