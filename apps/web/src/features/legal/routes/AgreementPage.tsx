import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export default function AgreementPage() {
  const { t } = useTranslation(['web', 'legal']);
  return (
    <SubPage title={t('titles.agreement')} testId="agreement-page">
      <article className="kb-section">
        <p>{t('legal:agreement.intro')}</p>
        {SECTIONS.map((n) => (
          <section key={n} data-testid={`agreement-section-${n}`}>
            <h3>{t(`legal:agreement.sections.${n}.title`)}</h3>
            <p>{t(`legal:agreement.sections.${n}.body`)}</p>
          </section>
        ))}
        <p className="kb-muted">{t('legal:agreement.effective')}</p>
      </article>
    </SubPage>
  );
}
