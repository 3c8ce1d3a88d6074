import { useTranslation } from 'react-i18next';

/**
 * The market screens' texts are a namespace of their own, fetched with the first screen that shows prices
 * rather than at start (the first screen's budget). Components showing them suspend until it is in.
 */
export const useMarketTranslation = () => useTranslation(['web', 'market']);

/** The key of a TSE sector (the universe names it in English, "Electric Power & Gas") in market:sectors. */
export const sectorKey = (sector: string) => `market:sectors.${sector.replace(/[^A-Za-z]/g, '')}`;
