import { useLayoutEffect } from 'react';

/**
 * index.html draws the opening route's first screen itself (apps/web/first-screen), over the app. Rendered
 * beside a page, inside its Suspense boundary, this commits with the page and removes that first screen in
 * a layout effect, so React's screen replaces it in the same frame.
 */
export function FirstScreenHandOff() {
  useLayoutEffect(() => document.getElementById('kb-first-screen')?.remove(), []);
  return null;
}
