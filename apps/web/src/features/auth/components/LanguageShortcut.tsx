import { GlobalOutline } from 'antd-mobile-icons';
import { LANGUAGE_NAMES } from '@kabuto/i18n';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLang } from '../../../lib/i18n';
import { LANGUAGE_PATH } from '../../../lib/paths';

/**
 * The current language's name; tapping opens the language switch. Its accessible name ("Language:
 * 日本語") contains the visible text, so voice control by what is on screen works.
 */
export function LanguageShortcut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLang();
  return (
    <button
      type="button"
      className="kb-link"
      style={{ gap: 4, fontSize: 13 }}
      onClick={() => navigate(LANGUAGE_PATH)}
      aria-label={t('language.shortcut', { language: LANGUAGE_NAMES[lang] })}
      data-testid="language-shortcut"
    >
      <GlobalOutline aria-hidden />
      <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
    </button>
  );
}
