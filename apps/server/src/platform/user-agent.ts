/** Browsers in the order they must be tried: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPT|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bLine\//, 'LINE'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  // [\d.]+ stops where the next character is not one of its own, so a failed match is linear in the header.
  [/\bVersion\/[\d.]+(?![\d.]).*\bSafari\//, 'Safari'],
];

/** Systems in the order they must be tried: iOS and Android user agents also say "like Mac OS X" and "Linux". */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_USER_AGENT_READ = 512;

const firstMatch = (table: readonly (readonly [RegExp, string])[], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * A device as people name it, from a User-Agent header: "Safari · iPhone", "Chrome · Windows". Only the browser
 * or only the system when the other is not recognised; a non-browser client by its product name ("curl");
 * an empty string when there is nothing to describe, so the screen can say "unknown device" in its language.
 */
export function describeDevice(userAgent: string | null): string {
  // Real headers are a few hundred characters; a longer one is read no further than any real one is.
  const ua = userAgent?.slice(0, MAX_USER_AGENT_READ).trim() ?? '';
  if (!ua) return '';
  const browser = firstMatch(BROWSERS, ua);
  const system = firstMatch(SYSTEMS, ua);
  if (browser && system) return `${browser} · ${system}`;
  if (browser ?? system) return (browser ?? system) as string;
  const product = /^([A-Za-z][\w.-]{0,30})\//.exec(ua)?.[1];
  return product && product !== 'Mozilla' ? product : '';
}
