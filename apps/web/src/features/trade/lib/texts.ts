import { useTranslation } from 'react-i18next';

/**
 * The trading screens' texts are a namespace of their own, fetched with the first trading screen rather than
 * at start (the first screen's budget). Components showing them suspend until it is in.
 */
export const useTradeTranslation = () => useTranslation(['web', 'trade']);
