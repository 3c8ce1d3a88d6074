import { createHashRouter } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { ROUTES } from './routes';
import { RouteElement, Shell } from './Shell';

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
