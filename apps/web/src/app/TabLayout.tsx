import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '../lib/routing';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';

/** Tab pages' frame: top bar, side menu and bottom tab bar around the page. */
export default function TabLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="kb-tab-layout">
      <TopBar title={route.tab ? t(route.tab.labelKey) : ''} onOpenMenu={() => setMenuOpen(true)} />
      <main className="kb-tab-content" tabIndex={0}>
        {children}
      </main>
      <TabBar />
      <SideMenu visible={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
