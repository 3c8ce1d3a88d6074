import type { ReactNode } from 'react';
import { NavBar } from './NavBar';

interface SubPageProps {
  title: ReactNode;
  children: ReactNode;
  right?: ReactNode;
  testId?: string;
}

/** A non-tab page: navigation bar on top, scrolling content below. */
export function SubPage({ title, children, right, testId }: SubPageProps) {
  return (
    <div className="kb-subpage" data-testid={testId}>
      <NavBar title={title} right={right} />
      <div className="kb-subpage-body">{children}</div>
    </div>
  );
}
