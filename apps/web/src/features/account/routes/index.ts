import { UserOutline } from 'antd-mobile-icons';
import { AUTH, page, tabPage, type AppRoute } from '../../../lib/routing';
import * as paths from '../../../lib/paths';

export const accountRoutes: AppRoute[] = [
  tabPage(
    paths.USER_PATH,
    { index: 4, labelKey: 'tabs.user', icon: UserOutline },
    () => import('./UserPage'),
  ),
  page(paths.SETTINGS_PATH, () => import('./SettingsPage'), AUTH),
  page(paths.SECURITY_PATH, () => import('./SecurityPage'), AUTH),
  page(paths.CHANGE_PASSWORD_PATH, () => import('./ChangePasswordPage'), AUTH),
  page(paths.TRANSACTION_PASSWORD_PATH, () => import('./TransactionPasswordPage'), AUTH),
  page(paths.REAL_NAME_PATH, () => import('./IdentityVerificationPage'), AUTH),
  page(paths.LANGUAGE_PATH, () => import('./LanguagePage')),
  page(paths.LOGOUT_PATH, () => import('./LogoutPage'), AUTH),
];
