import { useEffect, useState } from 'react';
import { SpinLoading } from 'antd-mobile';

const SHOW_AFTER_MS = 200;

/** Loading indicator for on-demand pages; hidden for fast loads so the screen does not flicker. */
export function DelayedLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <div className="kb-centered" data-testid="page-loading">
      <SpinLoading color="primary" />
    </div>
  ) : null;
}
