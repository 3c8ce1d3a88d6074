import { useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { senToDecimal, type ResponseOf, type api } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { useUserInfo } from '../../../lib/current-user';
import { yen } from '../../../lib/format';
import { SECURITY_PATH, TRANSACTION_PASSWORD_PATH } from '../../../lib/paths';
import { useWithdrawable } from '../api/balances';
import { useBankAccounts } from '../api/bank-accounts';
import { WithdrawalForm } from '../components/WithdrawalForm';
import { WithdrawalHistory } from '../components/WithdrawalHistory';
import { WithdrawalRules } from '../components/WithdrawalRules';
import { SetUpFirst } from '../components/SetUpFirst';
import { senLeftBehind } from '../lib/withdrawal-amount';
import '../components/funding.css';

type Withdrawal = ResponseOf<typeof api.funding.requestWithdrawal>;

export default function WithdrawalPage() {
  const { t } = useTranslation();
  const withdrawable = useWithdrawable();
  const limitedBy = withdrawable.data?.limitedBy;
  const fraction = withdrawable.data ? senLeftBehind(withdrawable.data) : null;
  const accounts = useBankAccounts();
  const { data: userInfo } = useUserInfo();
  const [requested, setRequested] = useState<Withdrawal | null>(null);

  return (
    <SubPage title={t('titles.withdrawal')} testId="withdrawal-page">
      <section className="kb-section" data-testid="withdrawal-available">
        <div className="kb-muted">{t('funding.withdrawal.available')}</div>
        <div style={{ fontSize: 24, fontWeight: 700 }} data-testid="withdrawal-available-amount">
          {withdrawable.data ? yen(withdrawable.data.withdrawable) : '—'}
        </div>
        {!limitedBy && fraction !== null && (
          <div className="kb-muted" style={{ marginTop: 4 }} data-testid="withdrawal-whole-yen">
            {t('funding.withdrawal.wholeYen', { fraction: yen(senToDecimal(fraction)) })}
          </div>
        )}
        {withdrawable.data && limitedBy && (
          <div className="kb-muted" style={{ marginTop: 4 }} data-testid="withdrawal-limited">
            {t(`funding.withdrawal.limitedBy.${limitedBy}`, { available: yen(withdrawable.data.available) })}
          </div>
        )}
      </section>
      {requested ? (
        <section className="kb-section" data-testid="withdrawal-result">
          <Result
            status="success"
            title={t('funding.withdrawal.requestedTitle')}
            description={t('funding.withdrawal.requestedText', { amount: yen(requested.amount) })}
          />
          <Button block fill="outline" color="primary" onClick={() => setRequested(null)}>
            {t('funding.withdrawal.again')}
          </Button>
        </section>
      ) : (
        <section className="kb-section" style={{ padding: '16px 0 0' }}>
          <h2 style={{ padding: '0 16px' }}>{t('funding.withdrawal.heading')}</h2>
          {accounts.data ? (
            <>
              {userInfo && !userInfo.has_transaction_password && (
                <SetUpFirst to={TRANSACTION_PASSWORD_PATH} testId="withdrawal-set-password">
                  {t('funding.withdrawal.setTransactionPassword')}
                </SetUpFirst>
              )}
              {withdrawable.data?.factorRequired && (
                <SetUpFirst to={SECURITY_PATH} testId="withdrawal-set-factor">
                  {t('funding.withdrawal.setSecondFactor')}
                </SetUpFirst>
              )}
              <WithdrawalForm
                accounts={accounts.data}
                withdrawable={withdrawable.data}
                onRequested={setRequested}
              />
            </>
          ) : (
            accounts.isPending && <DelayedLoading />
          )}
        </section>
      )}
      <WithdrawalRules />
      <WithdrawalHistory />
    </SubPage>
  );
}
