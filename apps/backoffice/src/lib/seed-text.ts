import type { SeedTextKey } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';

/** A text the demo seed wrote: in the viewer's language when it carries a key, as stored otherwise. */
export function useSeedText(): (text: string, key: SeedTextKey | null) => string {
  const { t } = useTranslation();
  return (text, key) => (key ? t(`seed.${key}`) : text);
}
