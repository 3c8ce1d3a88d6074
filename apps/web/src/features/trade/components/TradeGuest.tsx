import { Button } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useTradeTranslation } from '../lib/texts';
import { useNavigate } from 'react-router';
import { LOGIN_PATH, REGISTER_PATH, TRADE_PATH } from '../../../lib/paths';

/** The Trade tab for visitors: what it shows once logged in, and the way there. */
export function TradeGuest() {
  const { t } = useTradeTranslation();
  const navigate = useNavigate();
  return (
    <div className="kb-centered" data-testid="trade-guest">
      <BillOutline style={{ fontSize: 56, color: 'var(--kb-primary)' }} />
      <h2>{t('trade:guestTitle')}</h2>
      <p className="kb-muted">{t('trade:guestDescription')}</p>
      <div className="kb-actions" style={{ width: '100%' }}>
        <Button
          color="primary"
          block
          onClick={() => navigate(LOGIN_PATH, { state: { from: TRADE_PATH } })}
          data-testid="trade-guest-login"
        >
          {t('user.login')}
        </Button>
        <Button block onClick={() => navigate(REGISTER_PATH)} data-testid="trade-guest-register">
          {t('user.register')}
        </Button>
      </div>
    </div>
  );
}
