/**
 * Mobile browsers count their collapsing toolbars into 100vh; the measured inner height does not
 * overflow. `--vh` holds it and the body takes it as its height.
 */
function applyViewportHeight(): void {
  const height = window.innerHeight;
  document.documentElement.style.setProperty('--vh', `${height}px`);
  document.body.style.height = `${height}px`;
}

export function trackViewportHeight(): void {
  applyViewportHeight();
  window.addEventListener('resize', applyViewportHeight);
  window.addEventListener('orientationchange', applyViewportHeight);
}
