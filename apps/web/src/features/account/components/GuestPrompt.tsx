import { Button } from 'antd-mobile';
import { UserCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as paths from '../../../lib/paths';

/** The user tab for visitors: log in or register. */
export function GuestPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="kb-centered" data-testid="user-guest">
      <UserCircleOutline style={{ fontSize: 64, color: 'var(--kb-primary)' }} />
      <h2>{t('user.guestTitle')}</h2>
      <p className="kb-muted">{t('user.guestDescription')}</p>
      <div className="kb-actions" style={{ width: '100%' }}>
        <Button
          color="primary"
          block
          onClick={() => navigate(paths.LOGIN_PATH)}
          data-testid="user-guest-login"
        >
          {t('user.login')}
        </Button>
        <Button block onClick={() => navigate(paths.REGISTER_PATH)} data-testid="user-guest-register">
          {t('user.register')}
        </Button>
      </div>
    </div>
  );
}
