import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to "<screen> | Kabuto <back office>" while the screen is shown. */
export function useDocumentTitle(screenTitle: string): void {
  const { t } = useTranslation();
  const title = t('common:documentTitle', { screen: screenTitle, brand: t('shell.documentBrand') });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
