import { useEffect, useState, type RefObject } from 'react';

/** The most channels a list follows at once, well under the connection's limit (WS_MAX_CHANNELS). */
const MAX_FOLLOWED = 60;

/**
 * The codes of the rows (`[data-code]` elements inside `list`) now in or near the viewport, for a list to follow
 * only their quote channels. `rowsKey` changes when rows are added or reordered.
 */
export function useVisibleCodes(list: RefObject<HTMLElement | null>, rowsKey: string): string[] {
  const [visible, setVisible] = useState<string[]>([]);
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const rows = [...root.querySelectorAll<HTMLElement>('[data-code]')];
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(rows.slice(0, MAX_FOLLOWED).map((row) => row.dataset.code!));
      return;
    }
    const shown = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const code = (entry.target as HTMLElement).dataset.code!;
          if (entry.isIntersecting) shown.add(code);
          else shown.delete(code);
        }
        const order = rows.map((row) => row.dataset.code!).filter((code) => shown.has(code));
        setVisible(order.slice(0, MAX_FOLLOWED));
      },
      // A screen's worth above and below: rows scrolled into view already have their quote.
      { rootMargin: '100% 0px' },
    );
    rows.forEach((row) => observer.observe(row));
    return () => observer.disconnect();
  }, [list, rowsKey]);
  return visible;
}
