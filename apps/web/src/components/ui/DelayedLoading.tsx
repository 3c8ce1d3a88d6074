import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SHOW_AFTER_MS = 200;

/**
 * Loading indicator for on-demand pages; hidden for fast loads so the screen does not flicker. The spinner is
 * drawn in CSS (`.kb-spinner`): a component library's animated one would itself have to load first.
 */
export function DelayedLoading() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <div className="kb-centered" data-testid="page-loading">
      <span className="kb-spinner" role="status" aria-label={t('common:loading')} />
    </div>
  ) : null;
}
