/**
 * The investor app's pages that the browser benches (Lighthouse, long tasks) measure. The startup screen opens
 * Home by itself once its checks pass, before Lighthouse could settle its largest paint: `?holdStartup` keeps it
 * on screen.
 */
const ALL_PAGES = [
  { name: 'startup', path: '/?holdStartup' },
  { name: 'home', path: '/#/pages/index/index' },
  { name: 'market list', path: '/#/pages/market/market' },
  { name: 'login', path: '/#/subPackages/login/login' },
  { name: 'stock detail', path: '/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203' },
];

/** The pages a comma-separated list of names picks (`'stock detail,market list'`), all of them without one. */
export function measuredPages(names: string | undefined) {
  const wanted = names?.split(',').map((name) => name.trim());
  return ALL_PAGES.filter((page) => !wanted || wanted.includes(page.name));
}
