import { useEffect, useRef } from 'react';

/**
 * Sheets and dialogs over a screen, as a stack of layers: Escape and the phone's Back close the one on top, and
 * only that one (a confirmation over a position's sheet first, the sheet with the next press). antd-mobile's
 * Popup and Dialog listen to neither.
 *
 * For Back, an open layer holds a history entry of the same address, with the router's own state kept so that
 * the router sees no move: Back pops that entry and closes the layer instead of leaving the screen (and what was
 * typed on it). Closed any other way, a layer takes its entry off again, so Back afterwards does what it did
 * before. A page's own frame (`back: false`) holds no entry: Back leaves the page.
 */
const MARK = 'kbLayer';

interface Layer {
  close: () => void;
  back: boolean;
  /** Its history entry is there (entries are written in turn, after any pop under way). */
  pushed: boolean;
}

/** Open layers, the top one last. */
const layers: Layer[] = [];
/** History changes of ours, one after another: an entry pushed while a pop is under way would be the one popped. */
let historyWork: Promise<void> = Promise.resolve();
/** Pops of our own entries under way (not the investor's Back), each resolved when its popstate comes. */
const ourPops: (() => void)[] = [];
let listening = false;

/** How many of our entries lead up to the current one (0: the screen's own entry, or another screen's). */
const depthOnTop = () => {
  const depth = (window.history.state as Record<string, unknown> | null)?.[MARK];
  return typeof depth === 'number' ? depth : 0;
};

/** The open layers whose history entries are written, the top one last. */
const holdingEntries = () => layers.filter((layer) => layer.back && layer.pushed);

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing) return;
  const top = layers.at(-1);
  if (!top) return;
  event.preventDefault();
  top.close();
}

function onPopState() {
  const ours = ourPops.shift();
  if (ours) return ours();
  // The investor's Back: every layer whose entry is no longer behind the current one closes, the top one first.
  const kept = depthOnTop();
  for (const layer of holdingEntries().slice(kept).reverse()) {
    layers.splice(layers.indexOf(layer), 1);
    layer.close();
  }
  // An entry no open layer holds (Forward onto a closed dialog's, or Back onto one a navigation left behind): back
  // past it, so that the next Back closes what is on screen, or leaves it, instead of landing on it again.
  if (kept > holdingEntries().length) void popUnwanted();
}

function listen() {
  if (listening) return;
  document.addEventListener('keydown', onKeyDown);
  window.addEventListener('popstate', onPopState);
  listening = true;
}

const inTurn = (work: () => void | Promise<void>): Promise<void> =>
  (historyWork = historyWork.then(work, work));

/** Takes off our entries above those of the layers still open, if they are on top; resolves once they are gone. */
function popUnwanted(): Promise<void> {
  return inTurn(() => {
    const extra = depthOnTop() - holdingEntries().length;
    if (extra <= 0) return;
    return new Promise<void>((resolve) => {
      ourPops.push(resolve);
      window.history.go(-extra);
    });
  });
}

export interface OpenLayer {
  /** Closed other than by Escape or Back: takes the layer off, and its entry; resolves once the entry is gone. */
  release(): Promise<void>;
}

/** A layer opens: until released, Escape (and, unless `back` is false, Back) calls `close`. */
export function openLayer(close: () => void, { back = true }: { back?: boolean } = {}): OpenLayer {
  listen();
  const layer: Layer = { close, back, pushed: false };
  layers.push(layer);
  if (back)
    void inTurn(() => {
      if (!layers.includes(layer)) return;
      layer.pushed = true;
      window.history.pushState(
        { ...(window.history.state as object | null), [MARK]: holdingEntries().length },
        '',
      );
    });
  return { release: () => takeOff(layer) };
}

/** A layer closed other than by Escape or Back leaves the stack, and its entry goes (once gone, the promise ends). */
function takeOff(layer: Layer): Promise<void> {
  const index = layers.indexOf(layer);
  if (index < 0) return historyWork;
  layers.splice(index, 1);
  return layer.back ? popUnwanted() : Promise.resolve();
}

/** `openLayer` for as long as `open` holds; `close` may change from render to render. */
export function useLayer(open: boolean, close: () => void, { back = true }: { back?: boolean } = {}): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const layer = openLayer(() => latest.current(), { back });
    return () => void layer.release();
  }, [open, back]);
}

/**
 * Takes the top layer off now, with its history entry, and resolves once the entry is gone: what navigates when
 * a confirmation or a menu has done its work waits for this, so that its navigation replaces the screen's own
 * entry, not the layer's.
 */
export function releaseTopLayer(): Promise<void> {
  const top = layers.at(-1);
  return top ? takeOff(top) : historyWork;
}

/**
 * An entry of ours on top when a screen's frame opens is a layer's from before a reload (or from a tab the phone
 * discarded and restored), with no layer open now: back past it, so the first Back leaves the screen. The frames
 * every screen is drawn in (tab pages, sub-pages) call it; the first screen's own chunk stays as small as it was.
 */
export function useNoStaleEntries(): void {
  useEffect(() => {
    listen();
    void popUnwanted();
  }, []);
}
