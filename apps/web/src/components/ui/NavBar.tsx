import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { HOME_PATH } from '../../lib/paths';

interface NavBarProps {
  /** The screen's title: its one h1 and the first part of the document title. */
  title: string;
  right?: ReactNode;
  /** Where the back button goes when there is no history to return to (opened from a link). */
  fallback?: string;
}

/**
 * The navigation bar of every non-tab page: a named 44 px back button, the screen's h1 and an optional
 * action. Own markup rather than antd-mobile's NavBar, whose back area is an unnamed role="button" div
 * that a keyboard cannot reach.
 */
export function NavBar({ title, right, fallback = HOME_PATH }: NavBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  const goBack = () => {
    const canGoBack = (window.history.state as { idx?: number } | null)?.idx;
    if (canGoBack) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <header className="kb-navbar" data-testid="nav-bar">
      <button
        type="button"
        className="kb-icon-button kb-navbar-back"
        onClick={goBack}
        aria-label={t('shell.back')}
        data-testid="nav-back"
      >
        <LeftOutline aria-hidden />
      </button>
      <h1 className="kb-navbar-title" data-testid="nav-title">
        {title}
      </h1>
      <div className="kb-navbar-right">{right}</div>
    </header>
  );
}
