import { GlobalOutline } from 'antd-mobile-icons';
import { LANGUAGE_NAMES } from '@kabuto/i18n';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLang } from '../../../lib/i18n';
import { LANGUAGE_PATH } from '../../../lib/paths';

/** The current language's name; tapping opens the language switch. */
export function LanguageShortcut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="kb-link"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 13 }}
      onClick={() => navigate(LANGUAGE_PATH)}
      aria-label={t('titles.language')}
      data-testid="language-shortcut"
    >
      <GlobalOutline />
      {LANGUAGE_NAMES[currentLang()]}
    </button>
  );
}
