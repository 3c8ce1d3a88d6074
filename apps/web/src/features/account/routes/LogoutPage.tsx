import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/paths';
import { SubPage } from '../../../components/ui/SubPage';
import { useLogout } from '../api/logout';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';

/** Asks for confirmation, ends the session on the server and locally, then shows login. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: logOut } = useLogout();
  const asked = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the dialog must open once.
    if (asked.current) return;
    asked.current = true;
    void confirmOnScreen({
      title: t('logout.title'),
      'aria-label': t('logout.title'),
      content: t('logout.confirm'),
      confirmText: t('logout.submit'),
      cancelText: t('common:cancel'),
    }).then((confirmed) => {
      if (confirmed) logOut(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) });
      // Cancelling returns to where the person came from (settings or the side menu's page), else Home.
      else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
      else navigate(HOME_PATH, { replace: true });
    });
  }, [logOut, navigate, t]);

  return (
    <SubPage title={t('titles.logout')} testId="logout-page">
      <p className="kb-muted" style={{ padding: 16 }}>
        {t('logout.confirm')}
      </p>
    </SubPage>
  );
}
