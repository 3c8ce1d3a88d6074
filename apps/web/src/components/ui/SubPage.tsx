import type { ReactNode } from 'react';
import { useNoStaleEntries } from '../../lib/layers';
import { NavBar } from './NavBar';

interface SubPageProps {
  title: string;
  children: ReactNode;
  right?: ReactNode;
  testId?: string;
  /** Where the back button goes when there is no history to return to. */
  fallback?: string;
}

/**
 * A non-tab page: navigation bar on top, the scrolling main content below. The content can take focus
 * so a keyboard can scroll it even when it holds nothing focusable (the legal texts).
 */
export function SubPage({ title, children, right, testId, fallback }: SubPageProps) {
  useNoStaleEntries();
  return (
    <div className="kb-subpage" data-testid={testId}>
      <NavBar title={title} right={right} fallback={fallback} />
      <main className="kb-subpage-body" tabIndex={0}>
        {children}
      </main>
    </div>
  );
}
