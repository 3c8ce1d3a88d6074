import { useEffect, useRef } from 'react';

/**
 * Escape closes the sheet or dialog on top, and only that one: a confirmation over the order panel closes
 * first, the panel with the next press. antd-mobile's Popup and Dialog do not listen to the keyboard.
 */
const openLayers: (() => void)[] = [];

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing) return;
  const top = openLayers.at(-1);
  if (!top) return;
  event.preventDefault();
  top();
}

/** Registers what Escape does while a layer is open; the returned function takes it off again. */
export function closeOnEscape(close: () => void): () => void {
  const entry = () => close();
  if (openLayers.length === 0) document.addEventListener('keydown', onKeyDown);
  openLayers.push(entry);
  return () => {
    const index = openLayers.lastIndexOf(entry);
    if (index >= 0) openLayers.splice(index, 1);
    if (openLayers.length === 0) document.removeEventListener('keydown', onKeyDown);
  };
}

/** `closeOnEscape` for as long as `open` holds; `close` may change from render to render. */
export function useCloseOnEscape(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => (open ? closeOnEscape(() => latest.current()) : undefined), [open]);
}
