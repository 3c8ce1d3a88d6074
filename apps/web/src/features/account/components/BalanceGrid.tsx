import type { UserInfo } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { withSign, yen } from '../../../lib/format';
import { toneClass } from '../../../lib/price-tone';

export type BalanceField = 'total' | 'money' | 'frozen' | 'floatingPnl' | 'usedAmount' | 'custody';

function amountOf(info: UserInfo, field: BalanceField): string {
  switch (field) {
    case 'total':
      return info.total;
    case 'money':
      return info.money;
    case 'frozen':
      return info.shizhi;
    case 'floatingPnl':
      return info.my_losses.count_losses;
    case 'usedAmount':
      return info.used_amount;
    case 'custody':
      return info.custody;
  }
}

/** Labelled yen figures from the user info, two per row. */
export function BalanceGrid({ info, fields }: { info: UserInfo; fields: readonly BalanceField[] }) {
  const { t } = useTranslation();
  const labels: Record<BalanceField, string> = {
    total: t('balances.total'),
    money: t('balances.available'),
    frozen: t('balances.frozen'),
    floatingPnl: t('balances.floatingPnl'),
    usedAmount: t('balances.usedAmount'),
    custody: t('balances.custody'),
  };
  return (
    <dl className="kb-balance-grid" data-testid="balance-grid">
      {fields.map((field) => {
        const amount = amountOf(info, field);
        return (
          <div key={field} className="kb-balance-cell" data-testid={`balance-${field}`}>
            <dt>{labels[field]}</dt>
            {field === 'floatingPnl' ? (
              <dd className={toneClass(amount)}>{withSign(yen(amount))}</dd>
            ) : (
              <dd>{yen(amount)}</dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
