import { useTranslation } from 'react-i18next';

/**
 * The market screens' texts are a namespace of their own, fetched with the first screen that shows prices
 * rather than at start (the first screen's budget). Components showing them suspend until it is in.
 */
export const useMarketTranslation = () => useTranslation(['web', 'market']);
