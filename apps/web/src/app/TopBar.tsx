import { BellOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';
import { MESSAGE_PATH } from '../lib/paths';
import { UnreadDot } from '../features/messages/components/UnreadDot';

interface TopBarProps {
  title: string;
  onOpenMenu: () => void;
}

/** Title bar of the tab pages: notifications bell and the user icon that opens the side menu. */
export function TopBar({ title, onOpenMenu }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <header className="kb-topbar">
      <h1 className="kb-topbar-title" data-testid="top-bar-title">
        {title}
      </h1>
      <div className="kb-topbar-actions">
        <button
          type="button"
          className="kb-icon-button"
          aria-label={t('shell.notifications')}
          onClick={() => navigate(MESSAGE_PATH)}
          data-testid="top-bar-bell"
        >
          <UnreadDot testId="top-bar-unread-dot">
            <BellOutline />
          </UnreadDot>
        </button>
        <button
          type="button"
          className="kb-icon-button"
          aria-label={t('shell.openMenu')}
          onClick={onOpenMenu}
          data-testid="top-bar-user"
        >
          <UserCircleOutline />
        </button>
      </div>
    </header>
  );
}
