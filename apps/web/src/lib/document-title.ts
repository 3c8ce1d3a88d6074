import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from './app-info';

/**
 * Sets document.title to "<screen> | <company>" while the screen is shown: the company name the
 * operator configured (the about page shows the same), the app's name until it has loaded.
 * Without a screen title the document title is the company name alone.
 */
export function useDocumentTitle(screenTitle: string | undefined): void {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  const brand = info?.companyName ?? t('common:appName');
  const title = screenTitle ? t('common:documentTitle', { screen: screenTitle, brand }) : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
