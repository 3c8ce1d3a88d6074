import { useCallback } from 'react';
import { useMarketTranslation } from '../../lib/market-texts';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../lib/paths';
import { confirmOnScreen } from '../ui/confirm-on-screen';

/** Asks a visitor to log in for something that needs an account, and brings them back here afterwards. */
export function useLoginPrompt() {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    async (reason: string) => {
      const go = await confirmOnScreen({
        title: t('market:loginTitle'),
        content: reason,
        confirmText: t('user.login'),
        cancelText: t('common:cancel'),
      });
      if (go) navigate(LOGIN_PATH, { state: { from: pathname + search } });
    },
    [t, navigate, pathname, search],
  );
}
