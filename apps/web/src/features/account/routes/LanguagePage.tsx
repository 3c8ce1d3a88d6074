import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { LANGUAGE_NAMES, LANGUAGES } from '@kabuto/i18n';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/error-toast';
import { currentLang, switchLanguage } from '../../../lib/i18n';
import { SubPage } from '../../../components/ui/SubPage';

export default function LanguagePage() {
  const { t } = useTranslation();
  const active = currentLang();
  return (
    <SubPage title={t('titles.language')} testId="language-page">
      <List header={t('language.hint')}>
        {LANGUAGES.map((lang) => (
          <List.Item
            key={lang}
            onClick={() => switchLanguage(lang).catch(() => toastError(t('common:error')))}
            extra={
              lang === active ? <CheckOutline color="var(--kb-primary)" fontSize={20} aria-hidden /> : null
            }
            data-testid={`language-${lang}`}
            aria-current={lang === active ? 'true' : undefined}
          >
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </List.Item>
        ))}
      </List>
    </SubPage>
  );
}
