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
      ...ROUTES.map((route) => ({ path: route.path, element: <RouteElement route={route} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
