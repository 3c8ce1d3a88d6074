/**
 * Mobile browsers count their collapsing toolbars into 100vh; the measured inner height does not
 * overflow. `--vh` holds it and the body takes it as its height (set first by index.html's first-screen
 * script, before the first paint).
 */
function applyViewportHeight(): void {
  const height = `${window.innerHeight}px`;
  // index.html's first-screen script has set both already: setting them again would restyle and lay out the
  // whole page once more for nothing.
  const root = document.documentElement.style;
  if (root.getPropertyValue('--vh') !== height) root.setProperty('--vh', height);
  if (document.body.style.height !== height) document.body.style.height = height;
}

export function trackViewportHeight(): void {
  applyViewportHeight();
  window.addEventListener('resize', applyViewportHeight);
  window.addEventListener('orientationchange', applyViewportHeight);
}
