import { useEffect, useRef } from 'react';

/**
 * The phone's Back closes an open confirmation instead of leaving its screen (and the form typed on it). While the
 * dialog is open it holds a history entry of the same address, with the router's own state kept so that the router
 * sees no move; Back pops that entry and closes the dialog. Closed any other way, the dialog takes its entry off
 * again, so Back afterwards leaves the screen as before.
 */
const MARK = 'kbDialog';

interface Layer {
  close: () => void;
}

/** The dialog whose entry is on top of the history, if any. */
let current: Layer | null = null;
/** Pops of our own entry under way (not the investor's Back), each resolved when its popstate comes. */
const ourPops: (() => void)[] = [];
let listening = false;

const markedEntryOnTop = () => (window.history.state as Record<string, unknown> | null)?.[MARK] === true;

function onPopState() {
  const ours = ourPops.shift();
  if (ours) return ours();
  if (current && !markedEntryOnTop()) {
    const layer = current;
    current = null;
    layer.close();
  }
}

/** Takes the marked entry off the history, if it is on top; resolves once it is gone. */
function popMarkedEntry(): Promise<void> {
  if (!markedEntryOnTop()) return Promise.resolve();
  return new Promise((resolve) => {
    ourPops.push(resolve);
    window.history.back();
  });
}

/** While `open`, the browser's Back calls `close` (which may change from render to render) instead of leaving. */
export function useBackCloses(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    if (!listening) {
      window.addEventListener('popstate', onPopState);
      listening = true;
    }
    window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '');
    const layer: Layer = { close: () => latest.current() };
    current = layer;
    return () => {
      // Closed by Back, its entry is gone already; closed otherwise, or released, it goes now.
      if (current === layer) {
        current = null;
        void popMarkedEntry();
      }
    };
  }, [open]);
}

/**
 * Takes the open dialog's entry off the history now and resolves once it is gone: what navigates when a
 * confirmation succeeds waits for this, so that its navigation replaces the screen's own entry, not the dialog's.
 */
export function releaseBackEntry(): Promise<void> {
  current = null;
  return popMarkedEntry();
}
