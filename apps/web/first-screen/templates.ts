import { STARTUP_LOGO } from '../src/features/app-info/components/startup-logo';
import { TILES_IN_PREPARATION } from '../src/features/home/tiles-in-preparation';

/**
 * The first screen index.html draws before the app's code has arrived, one template per opening route. Each
 * copies the markup and classes of the components React renders on that route (app.css styles both), with
 * the texts left out: `data-k="ns:key"` marks an element whose text is that key, `data-label="ns:key"` one
 * whose aria-label is. Icons are `{icon:Name}` (antd-mobile-icons, rendered at build time). Parts marked
 * `data-guest` show only without a stored session, `data-member` only with one, `data-simulated` only when the
 * server marked the page as serving simulated market data. Only what needs no data is
 * drawn: figures, forms and lists come with React. e2e/web/first-screen.spec.ts checks that every text
 * here is on the screen React renders, in Japanese and in English.
 */

const tab = (labelKey: string, icon: string, current: boolean) =>
  `<li><button type="button" class="kb-tab"${current ? ' aria-current="page"' : ''}>{icon:${icon}}` +
  `<span data-k="web:${labelKey}"></span></button></li>`;

const TABS: [labelKey: string, icon: string][] = [
  ['tabs.home', 'AppOutline'],
  ['tabs.market', 'HistogramOutline'],
  ['tabs.trade', 'BillOutline'],
  ['tabs.news', 'ContentOutline'],
  ['tabs.user', 'UserOutline'],
];

/** TabLayout: TopBar, the page in `main`, TabBar. */
const tabFrame = (titleKey: string, page: string) =>
  `<div class="kb-app"><div class="kb-tab-layout">` +
  `<header class="kb-topbar"><h1 class="kb-topbar-title" data-k="web:${titleKey}"></h1>` +
  `<div class="kb-topbar-actions">` +
  `<button type="button" class="kb-icon-button" data-label="web:shell.notifications">{icon:BellOutline}</button>` +
  `<button type="button" class="kb-icon-button" data-label="web:shell.openMenu">{icon:UserCircleOutline}</button>` +
  `</div></header>` +
  `<main class="kb-tab-content">${page}</main>` +
  `<nav class="kb-tabbar" data-label="web:shell.tabBar"><ul>` +
  TABS.map(([labelKey, icon]) => tab(labelKey, icon, labelKey === titleKey)).join('') +
  `</ul></nav></div></div>`;

/** SubPage: NavBar, the page in `main`. */
const subPage = (titleKey: string, body: string) =>
  `<div class="kb-app"><div class="kb-subpage">` +
  `<header class="kb-navbar"><button type="button" class="kb-icon-button kb-navbar-back" data-label="web:shell.back">` +
  `{icon:LeftOutline}</button><h1 class="kb-navbar-title" data-k="web:${titleKey}"></h1>` +
  `<div class="kb-navbar-right"></div></header>` +
  `<main class="kb-subpage-body">${body}</main></div></div>`;

/** QuoteListSkeleton. */
const skeleton = (rows: number) =>
  `<ul class="kb-quote-list">` +
  (
    `<li class="kb-quote-row kb-skeleton-row"><span class="kb-skeleton kb-skeleton-name"></span>` +
    `<span class="kb-skeleton kb-skeleton-price"></span></li>`
  ).repeat(rows) +
  `</ul>`;

/**
 * SimulatedNote, kept only when the server said, in the page it sent, that its market data is generated
 * (`<html data-market="simulated">`).
 */
const simulatedNote = `<p class="kb-simulated" data-simulated data-k="market:simulated"></p>`;

const HOME_TILES: [id: string, icon: string][] = [
  ['ipo', 'FireFill'],
  ['blockTrade', 'PieOutline'],
  ['copyTrading', 'TeamOutline'],
  ['fund', 'CollectMoneyOutline'],
  ['financing', 'PayCircleOutline'],
  ['deposit', 'ReceivePaymentOutline'],
];

/** HomePage, as a visitor without a session sees it while the figures load. */
const home = tabFrame(
  'tabs.home',
  `<div><section class="kb-greeting"><h2 data-guest data-k="web:home.greeting"></h2>` +
    `<h2 data-member>&nbsp;</h2>` +
    `<p class="kb-muted" data-k="web:home.subtitle"></p></section>` +
    `<nav class="kb-tiles">` +
    HOME_TILES.map(
      ([id, icon]) =>
        `<button type="button" class="kb-tile">{icon:${icon}}<span data-k="web:home.tiles.${id}"></span>` +
        (TILES_IN_PREPARATION.has(id)
          ? `<span class="kb-tile-soon" data-k="web:home.tiles.soon"></span>`
          : '') +
        `</button>`,
    ).join('') +
    `</nav>` +
    `<section class="kb-section"><div class="kb-section-head"><h2 data-k="web:home.marketOverview"></h2>` +
    `<button type="button" class="kb-link" data-k="web:home.seeMarket"></button></div>` +
    `<div class="kb-summary-loading">${skeleton(3)}</div></section>` +
    `<section class="kb-section"><h2 data-k="web:home.watchlist"></h2>` +
    `<div class="kb-watchlist-guest" data-guest><p data-k="market:watchlistGuest"></p></div>` +
    `<div data-member>${skeleton(3)}</div></section></div>`,
);

/** MarketPage before its list has loaded. */
const market = tabFrame(
  'tabs.market',
  `<div class="kb-market"><button type="button" class="kb-search-entry">{icon:SearchOutline}` +
    `<span data-k="market:searchPlaceholder"></span></button>` +
    `<div class="kb-segments">` +
    `<button type="button" class="kb-segment" aria-pressed="true" data-k="market:segment.all"></button>` +
    `<button type="button" class="kb-segment" aria-pressed="false" data-k="market:segment.watchlist"></button>` +
    `</div>` +
    `<div class="kb-sort-bar">` +
    `<button type="button" class="kb-sort" aria-pressed="true" data-order="desc"><span data-k="market:sort.changePercent"></span><span>↓</span></button>` +
    ['volume', 'turnover', 'code']
      .map(
        (sort) =>
          `<button type="button" class="kb-sort" aria-pressed="false" data-k="market:sort.${sort}"></button>`,
      )
      .join('') +
    `</div>${simulatedNote}${skeleton(8)}</div>`,
);

/**
 * TradePage: for a member the account card's labels, its figures still dashes (AccountSummary); for a visitor
 * the login prompt (TradeGuest, its buttons come with React).
 */
const TRADE_CELLS = ['available', 'margin', 'unrealisedPnl', 'maintenanceRatio'];
const trade = tabFrame(
  'tabs.trade',
  `<div data-member><section class="kb-trade-summary">` +
    `<h2 class="kb-trade-summary-title" data-k="trade:account.equity"></h2><div class="kb-equity">—</div>` +
    `<dl class="kb-balance-grid">` +
    TRADE_CELLS.map(
      (cell) => `<div class="kb-balance-cell"><dt data-k="trade:account.${cell}"></dt><dd>—</dd></div>`,
    ).join('') +
    `</dl></section></div>` +
    `<div class="kb-centered" data-guest>` +
    `<span style="font-size:56px;line-height:1;color:var(--kb-primary)">{icon:BillOutline}</span>` +
    `<h2 data-k="trade:guestTitle"></h2>` +
    `<p class="kb-muted" data-k="trade:guestDescription"></p></div>`,
);

/** LoginPage: the title and welcome; the form comes with React. */
const login = subPage(
  'titles.login',
  `<div class="kb-form-hero"><h2 data-k="web:login.welcome"></h2><p data-k="web:login.subtitle"></p></div>`,
);

/** StockDetailPage while the instrument loads. */
const stockDetail = subPage(
  'titles.stockDetail',
  `<div class="kb-stock-detail"><div class="kb-stock-detail-head">${simulatedNote}${skeleton(4)}</div></div>`,
);

/** The app's icon on the startup screen (StartupProgress draws the same). */
const startupLogo = `<img class="kb-startup-logo" src="${STARTUP_LOGO}" alt="" width="144" height="144">`;

/** StartupProgress before its first check. */
const startup =
  `<div class="kb-app"><main class="kb-startup">${startupLogo}<h1 class="kb-startup-brand" data-k="common:appName"></h1>` +
  `<div class="kb-startup-tagline" data-k="web:startup.tagline"></div></main></div>`;

/** Opening route path (as in the address's hash) -> its first screen. */
export const FIRST_SCREENS: Record<string, string> = {
  '/': startup,
  '/pages/index/index': home,
  '/pages/market/market': market,
  '/pages/jiaoyi/jiaoyi': trade,
  '/subPackages/login/login': login,
  '/subPackages/index/gupiaoDetail/gupiaoDetail': stockDetail,
};
