import { useMarketTranslation } from '../../lib/market-texts';

/** Shown wherever prices are: the market data is generated, not the exchange's. */
export function SimulatedNote({ simulated }: { simulated: boolean | undefined }) {
  const { t } = useMarketTranslation();
  if (!simulated) return null;
  return (
    <p className="kb-simulated" data-testid="simulated-note">
      {t('market:simulated')}
    </p>
  );
}
