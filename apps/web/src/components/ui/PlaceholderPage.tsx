import { ComingSoon } from './EmptyState';
import { SubPage } from './SubPage';

/** A route whose screen is not built yet: its title and a notice that it is being prepared. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <SubPage title={title} testId="placeholder-page">
      <ComingSoon />
    </SubPage>
  );
}
