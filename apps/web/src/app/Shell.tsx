import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DelayedLoading } from '../components/ui/DelayedLoading';
import { OfflineNotice } from '../components/ui/OfflineNotice';
import { PAGE_LOAD_TIMEOUT_MS, withTimeout } from '../lib/lazy-page';
import { HOME_PATH, LOGIN_PATH } from '../lib/paths';
import type { AppRoute } from '../lib/routing';
import { leaveScreen } from '../lib/screen-dialogs';
import { useIsLoggedIn } from '../lib/session-store';
import { FirstScreenHandOff } from './FirstScreenHandOff';
import { findRoute } from './routes';

// The tab layout (top bar, tab bar and their icons) is not on the startup screen: it loads on its own, with
// the first screen when that is a tab page, in the background once the first screen is up otherwise
// (first-screen.ts).
export const loadTabLayout = () => withTimeout(import('./TabLayout'), PAGE_LOAD_TIMEOUT_MS);
const TabLayout = lazy(loadTabLayout);

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
    <div className="kb-app">
      {route?.tab ? (
        <Suspense fallback={<DelayedLoading />}>
          <TabLayout route={route}>{content}</TabLayout>
        </Suspense>
      ) : (
        content
      )}
      <OfflineNotice />
    </div>
  );
}

/**
 * Renders a route's page. A page that needs a session sends the visitor to login first, remembering
 * where they were going; login and registration send someone who arrives logged in to Home.
 */
export function RouteElement({ route }: { route: AppRoute }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search, key } = useLocation();
  // Judged on arrival at each location only: signing in on this very page must not yank the person away
  // mid-flow (registration goes on to its next steps). A navigation that has not committed yet can leave
  // this component mounted across locations, so arrival is tracked by location key, not by mounting.
  // A confirmation asked on the screen being left closes with it.
  useEffect(() => leaveScreen, [key]);
  const [arrival, setArrival] = useState({ key, loggedIn });
  if (arrival.key !== key) setArrival({ key, loggedIn });
  const loggedInOnArrival = arrival.key === key ? arrival.loggedIn : loggedIn;
  if (route.requiresAuth && !loggedIn)
    return <Navigate to={LOGIN_PATH} replace state={{ from: pathname + search }} />;
  if (route.guestOnly && loggedInOnArrival) return <Navigate to={HOME_PATH} replace />;
  const Page = route.component;
  return (
    <>
      <Page />
      <FirstScreenHandOff />
    </>
  );
}
