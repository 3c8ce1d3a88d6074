import { lazy, Suspense, useEffect, useState } from 'react';

const loadSpinner = () => import('./Spinner');
const Spinner = lazy(loadSpinner);

const SHOW_AFTER_MS = 200;

/** Loading indicator for on-demand pages; hidden for fast loads so the screen does not flicker. */
export function DelayedLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    void loadSpinner().catch(() => undefined);
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <div className="kb-centered" data-testid="page-loading">
      <Suspense fallback={null}>
        <Spinner />
      </Suspense>
    </div>
  ) : null;
}
