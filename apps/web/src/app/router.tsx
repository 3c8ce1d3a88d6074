import { createHashRouter } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { RouteError } from './RouteError';
import { ROUTES } from './routes';
import { RouteElement, Shell } from './Shell';

const NotFoundPage = lazyPage(() => import('./NotFoundPage'));

export const router = createHashRouter([
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      // Keyed so that each page starts afresh: React would otherwise keep one RouteElement's state across pages.
      ...ROUTES.map((route) => ({
        path: route.path,
        element: <RouteElement key={route.path} route={route} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
