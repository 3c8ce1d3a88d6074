import type { ComponentType } from 'react';
import { lazyPage, type LazyPage } from './lazy-page';

export interface TabItem {
  /** web namespace key of the tab label (also the top bar title). */
  labelKey: string;
  icon: ComponentType;
  /** Position in the bottom tab bar. */
  index: number;
}

export interface AppRoute {
  path: string;
  component: LazyPage;
  /** Shown with the top bar, side menu and bottom tab bar. */
  tab?: TabItem;
  /** The startup screen. */
  isEntry?: boolean;
  /** Sends the visitor to login when no session is stored, and back here afterwards. */
  requiresAuth?: boolean;
  /** Login and registration: someone already logged in who opens it goes Home instead. */
  guestOnly?: boolean;
}

type PageLoader = Parameters<typeof lazyPage>[0];

/** A page loaded on demand; each feature lists its pages with these. */
export const page = (
  path: string,
  load: PageLoader,
  options: Pick<AppRoute, 'requiresAuth' | 'guestOnly' | 'isEntry'> = {},
): AppRoute => ({ path, component: lazyPage(load), ...options });

export const tabPage = (path: string, tab: TabItem, load: PageLoader): AppRoute => ({
  path,
  component: lazyPage(load),
  tab,
});

export const AUTH = { requiresAuth: true } as const;
export const GUEST = { guestOnly: true } as const;
