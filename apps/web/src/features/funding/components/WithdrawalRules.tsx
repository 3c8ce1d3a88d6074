import { useTranslation } from 'react-i18next';

const RULES = ['minimum', 'fee', 'hours', 'timing', 'account'] as const;

/** The withdrawal rules as the server enforces them. */
export function WithdrawalRules() {
  const { t } = useTranslation();
  return (
    <section className="kb-section" data-testid="withdrawal-rules">
      <h2>{t('funding.withdrawal.rulesHeading')}</h2>
      <ul style={{ paddingLeft: 20, margin: 0, lineHeight: 1.7, fontSize: 14 }}>
        {RULES.map((rule) => (
          <li key={rule}>{t(`funding.withdrawal.rules.${rule}`)}</li>
        ))}
      </ul>
    </section>
  );
}
