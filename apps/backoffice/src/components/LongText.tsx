import type { ReactNode } from 'react';

/**
 * Free text in a table cell (a note, a reason): wrapped within a readable width, never cut off with an
 * ellipsis, so the table fits the screen and the whole text stays readable.
 */
export function LongText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      style={{
        display: 'block',
        minWidth: 120,
        maxWidth: 280,
        overflowWrap: 'anywhere',
        whiteSpace: 'normal',
      }}
    >
      {children}
    </span>
  );
}
