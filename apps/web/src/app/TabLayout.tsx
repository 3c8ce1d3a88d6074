import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNoStaleEntries } from '../lib/layers';
import type { AppRoute } from '../lib/routing';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';

// The side menu (its slide-in animation library, the balance grid and the menu icons) loads when first opened.
const SideMenu = lazy(() => import('./SideMenu').then((module) => ({ default: module.SideMenu })));

/** Tab pages' frame: top bar, side menu and bottom tab bar around the page. */
export default function TabLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  useNoStaleEntries();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  if (menuOpen && !menuOpened) setMenuOpened(true);
  // Any change of page closes the menu, the phone's back button included.
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  return (
    <div className="kb-tab-layout">
      <TopBar title={route.tab ? t(route.tab.labelKey) : ''} onOpenMenu={() => setMenuOpen(true)} />
      <main className="kb-tab-content" tabIndex={0}>
        {children}
      </main>
      <TabBar />
      {menuOpened && (
        <Suspense fallback={null}>
          <SideMenu visible={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
