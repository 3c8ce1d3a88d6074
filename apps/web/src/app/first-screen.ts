import { findRoute } from './routes';
import { loadTabLayout } from './Shell';

/** The route path in the address's hash (`#/pages/index/index?x=1` → `/pages/index/index`). */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/**
 * Starts fetching the code of the screen the app opens on (its page and, for tab pages, the tab frame), so it
 * arrives beside the texts instead of after them: otherwise each waits for the one before it to render. The
 * tab frame is fetched in any case, once the first screen is up, as the next screen is usually a tab page.
 */
export function preloadFirstScreen(hash: string): void {
  const route = findRoute(hashPath(hash));
  void route?.component.preload().catch(() => undefined);
  const loadFrame = () => void loadTabLayout().catch(() => undefined);
  // Each request costs main-thread time: the frame's are made in the next task, not the page's.
  if (route?.tab) setTimeout(loadFrame, 0);
  else afterFirstScreen(loadFrame);
}

/** Runs work the first screen does not need once the page has loaded and the main thread is idle. */
export function afterFirstScreen(task: () => void): void {
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
