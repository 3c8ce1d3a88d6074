import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';

const ARTICLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export default function PrivacyPage() {
  const { t } = useTranslation(['web', 'legal']);
  return (
    <SubPage title={t('titles.privacy')} testId="privacy-page">
      <article className="kb-section">
        <p>{t('legal:privacy.intro')}</p>
        {ARTICLES.map((n) => (
          <section key={n} data-testid={`privacy-article-${n}`}>
            <h3>{t(`legal:privacy.articles.${n}.title`)}</h3>
            <p>{t(`legal:privacy.articles.${n}.body`)}</p>
          </section>
        ))}
        <p className="kb-muted">{t('legal:privacy.effective')}</p>
      </article>
    </SubPage>
  );
}
