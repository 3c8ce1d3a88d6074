import { useEffect, useRef } from 'react';
import { Dialog } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { HOME_PATH, LOGIN_PATH } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { SubPage } from '../../components/ui/SubPage';

/** Asks for confirmation, ends the session on the server and locally, then shows login. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const asked = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the dialog must open once.
    if (asked.current) return;
    asked.current = true;
    void Dialog.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      confirmText: t('logout.submit'),
      cancelText: t('common:cancel'),
    }).then(async (confirmed) => {
      if (!confirmed) {
        navigate(HOME_PATH, { replace: true });
        return;
      }
      await api.post('/auth/logout', {}, { silent: true }).catch(() => undefined);
      useSession.getState().clear();
      queryClient.clear();
      navigate(LOGIN_PATH, { replace: true });
    });
  }, [navigate, queryClient, t]);

  return (
    <SubPage title={t('titles.logout')} testId="logout-page">
      <p className="kb-muted" style={{ padding: 16 }}>
        {t('logout.confirm')}
      </p>
    </SubPage>
  );
}
