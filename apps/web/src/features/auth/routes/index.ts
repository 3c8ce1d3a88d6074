import { AUTH, GUEST, page, type AppRoute } from '../../../lib/routing';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, REGISTER_PATH, REGISTERED_PATH } from '../../../lib/paths';

export const authRoutes: AppRoute[] = [
  page(LOGIN_PATH, () => import('./LoginPage'), GUEST),
  page(REGISTER_PATH, () => import('./RegisterPage'), GUEST),
  page(FORGOT_PASSWORD_PATH, () => import('./ForgotPasswordPage'), GUEST),
  page(REGISTERED_PATH, () => import('./RegisteredPage'), AUTH),
];
