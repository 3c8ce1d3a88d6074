import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '@kabuto/i18n';
import { changeLocale, currentLocale } from '../lib/i18n';

const OPTIONS = LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }));

export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <Select
      data-testid="language-select"
      aria-label={t('shell.language')}
      prefix={<GlobalOutlined />}
      value={currentLocale()}
      options={OPTIONS}
      onChange={changeLocale}
      style={{ width: 150 }}
    />
  );
}
