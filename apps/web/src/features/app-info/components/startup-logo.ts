/**
 * The app's icon (scripts/pwa-icons.mjs draws the same rising line on the brand blue) as an image that needs no
 * request: the startup screen shows it, drawn by index.html's first screen before any of the app's code has
 * arrived and then by StartupProgress. It is the largest thing on that screen, so the page's largest paint
 * comes with the first screen instead of with the last step's line.
 */
export const STARTUP_LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="144" height="144" viewBox="0 0 100 100">' +
      '<rect width="100" height="100" rx="20" fill="#1677ff"/>' +
      '<polyline points="20,68 42,46 56,58 80,32" fill="none" stroke="#fff" stroke-width="7.5" ' +
      'stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );
