import type { ReactNode } from 'react';
import { NavBar as MobileNavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/paths';

interface NavBarProps {
  title: ReactNode;
  right?: ReactNode;
  /** Where the back button goes when there is no history to return to (opened from a link). */
  fallback?: string;
}

/** The custom navigation bar of every non-tab page: back button and title. */
export function NavBar({ title, right, fallback = HOME_PATH }: NavBarProps) {
  const navigate = useNavigate();
  const goBack = () => {
    const canGoBack = (window.history.state as { idx?: number } | null)?.idx;
    if (canGoBack) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <MobileNavBar className="kb-navbar" onBack={goBack} right={right} data-testid="nav-bar">
      <span data-testid="nav-title">{title}</span>
    </MobileNavBar>
  );
}
