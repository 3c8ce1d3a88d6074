import { useTradeTranslation } from '../lib/texts';

/** Wherever prices show: the data comes from the market simulator, not an exchange. */
export function SimulatedLabel() {
  const { t } = useTradeTranslation();
  return (
    <span className="kb-simulated-badge" data-testid="simulated-label">
      {t('trade:simulated')}
    </span>
  );
}
