import { EmptyState } from './EmptyState';
import { SubPage } from './SubPage';

/** A route whose screen is not built yet: its title and the shared empty state. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <SubPage title={title} testId="placeholder-page">
      <EmptyState />
    </SubPage>
  );
}
