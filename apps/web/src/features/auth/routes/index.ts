import { page, type AppRoute } from '../../../lib/routing';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, REGISTER_PATH } from '../../../lib/paths';

export const authRoutes: AppRoute[] = [
  page(LOGIN_PATH, () => import('./LoginPage')),
  page(REGISTER_PATH, () => import('./RegisterPage')),
  page(FORGOT_PASSWORD_PATH, () => import('./ForgotPasswordPage')),
];
