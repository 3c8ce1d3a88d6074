import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AGREEMENT_PATH, PRIVACY_PATH } from '../../../lib/paths';
import { SubPage } from '../../../components/ui/SubPage';
import { APP_VERSION, useAppInfo } from '../../../lib/app-info';

export default function AboutPage() {
  const { t, i18n } = useTranslation(['web', 'legal']);
  const navigate = useNavigate();
  const { data: info } = useAppInfo();
  return (
    <SubPage title={t('titles.about')} testId="about-page">
      <section className="kb-section">
        <h2 data-testid="about-company">{info?.companyName ?? t('common:loading')}</h2>
        {info && (
          <>
            <p className="kb-muted">{t('legal:about.founded', { year: info.foundedYear })}</p>
            <p>{t('legal:about.description', { company: info.companyName, year: info.foundedYear })}</p>
            <p>{t('legal:about.services')}</p>
            <p>{t('legal:about.commitment')}</p>
          </>
        )}
      </section>
      {info && (
        <List header={t('legal:about.registration')} data-testid="about-registration">
          <List.Item>
            {info.registrationNumber ?? <span className="kb-muted">{t('legal:about.notConfigured')}</span>}
          </List.Item>
          <List.Item
            description={
              info.associations.length ? (
                info.associations.join(i18n.language === 'ja' ? '、' : ', ')
              ) : (
                <span className="kb-muted">{t('legal:about.notConfigured')}</span>
              )
            }
          >
            {t('legal:about.associations')}
          </List.Item>
        </List>
      )}
      <List>
        <List.Item extra={APP_VERSION} data-testid="about-version">
          {t('settings.version')}
        </List.Item>
        <List.Item arrow onClick={() => navigate(PRIVACY_PATH)}>
          {t('titles.privacy')}
        </List.Item>
        <List.Item arrow onClick={() => navigate(AGREEMENT_PATH)}>
          {t('titles.agreement')}
        </List.Item>
      </List>
    </SubPage>
  );
}
