import { useTranslation } from 'react-i18next';

/** Grey rows in place of a quote list while it loads, so the screen does not jump when it arrives. */
export function QuoteListSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <ul
      className="kb-quote-list"
      aria-busy="true"
      aria-label={t('common:loading')}
      data-testid="quote-skeleton"
    >
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="kb-quote-row kb-skeleton-row">
          <span className="kb-skeleton kb-skeleton-name" />
          <span className="kb-skeleton kb-skeleton-price" />
        </li>
      ))}
    </ul>
  );
}
