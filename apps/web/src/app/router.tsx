import { Component, useEffect, type ReactNode } from 'react';
import { HashRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { RouteError } from './RouteError';
import { ROUTES } from './routes';
import { RouteElement, Shell } from './Shell';

const NotFoundPage = lazyPage(() => import('./NotFoundPage'));

let navigateOutsideReact: NavigateFunction | null = null;

/** Navigation for code outside the component tree (an ended session sends the person to login). */
export function navigateTo(path: string, options: { replace?: boolean; state?: unknown } = {}): void {
  void navigateOutsideReact?.(path, options);
}

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateOutsideReact = navigate;
  }, [navigate]);
  return null;
}

interface BoundaryProps {
  locationKey: string;
  children: ReactNode;
}

/** A page that failed to render or to load shows the tap-to-reload screen; the next location starts afresh. */
class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; locationKey: string }> {
  override state = { failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { failed: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function AppRoutes() {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary locationKey={key}>
      <Routes>
        <Route element={<Shell />}>
          {/* Keyed so that each page starts afresh: React would otherwise keep one RouteElement's state across pages. */}
          {ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RouteElement key={route.path} route={route} />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

/**
 * The investor app's routes under a hash router. Declarative (<Routes>), not a data router: the app loads
 * no route data through the router, and the data router's code would be on every first screen.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <NavigationBridge />
      <AppRoutes />
    </HashRouter>
  );
}
