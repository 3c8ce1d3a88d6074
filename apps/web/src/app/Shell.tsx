import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DelayedLoading } from '../components/ui/DelayedLoading';
import { LOGIN_PATH } from '../lib/paths';
import type { AppRoute } from '../lib/routing';
import { useIsLoggedIn } from '../lib/session-store';
import { findRoute } from './routes';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';

/** Root layout: tab pages get the top bar, side menu and tab bar; other pages draw their own NavBar. */
export function Shell() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);

  const content = (
    <Suspense fallback={<DelayedLoading />}>
      <Outlet />
    </Suspense>
  );
  return (
    <div className="kb-app">{route?.tab ? <TabLayout route={route}>{content}</TabLayout> : content}</div>
  );
}

function TabLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="kb-tab-layout">
      <TopBar title={route.tab ? t(route.tab.labelKey) : ''} onOpenMenu={() => setMenuOpen(true)} />
      <main className="kb-tab-content" tabIndex={0}>
        {children}
      </main>
      <TabBar />
      <SideMenu visible={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}

/** Renders a route's page, or sends the visitor to login first when the page needs a session. */
export function RouteElement({ route }: { route: AppRoute }) {
  const loggedIn = useIsLoggedIn();
  if (route.requiresAuth && !loggedIn) return <Navigate to={LOGIN_PATH} replace />;
  const Page = route.component;
  return <Page />;
}
