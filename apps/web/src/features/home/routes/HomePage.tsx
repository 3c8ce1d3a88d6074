import { Suspense, type ComponentType } from 'react';
import {
  CollectMoneyOutline,
  FireFill,
  PayCircleOutline,
  PieOutline,
  ReceivePaymentOutline,
  TeamOutline,
} from 'antd-mobile-icons';
import { maskMobile } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as paths from '../../../lib/paths';
import { useUserInfo } from '../../../lib/current-user';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { WatchlistQuotes } from '../../../components/market/WatchlistQuotes';
import { LatestNotices } from '../components/LatestNotices';
import { MarketSummary, MarketSummarySkeleton } from '../components/MarketSummary';
import { TILES_IN_PREPARATION } from '../tiles-in-preparation';

/** Rows of the watchlist Home shows; the market tab has the whole list. */
const HOME_WATCHLIST_ROWS = 5;

interface Tile {
  id: string;
  label: string;
  icon: ComponentType;
  to: string;
}

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: userInfo } = useUserInfo();

  const tiles: Tile[] = [
    { id: 'ipo', label: t('home.tiles.ipo'), icon: FireFill, to: paths.IPO_PATH },
    { id: 'blockTrade', label: t('home.tiles.blockTrade'), icon: PieOutline, to: paths.BLOCK_TRADE_PATH },
    { id: 'copyTrading', label: t('home.tiles.copyTrading'), icon: TeamOutline, to: paths.COPY_TRADING_PATH },
    { id: 'fund', label: t('home.tiles.fund'), icon: CollectMoneyOutline, to: paths.FUND_PATH },
    { id: 'financing', label: t('home.tiles.financing'), icon: PayCircleOutline, to: paths.FINANCING_PATH },
    { id: 'deposit', label: t('home.tiles.deposit'), icon: ReceivePaymentOutline, to: paths.DEPOSIT_PATH },
  ];

  return (
    <div data-testid="home-page">
      <section className="kb-greeting">
        <h2 data-testid="home-greeting">
          {/* By the name identity verification passed with; until then by the masked number. */}
          {userInfo
            ? t('home.greetingUser', { name: userInfo.real_name ?? maskMobile(userInfo.mobile) })
            : t('home.greeting')}
        </h2>
        <p className="kb-muted">{t('home.subtitle')}</p>
      </section>
      <nav className="kb-tiles">
        {tiles.map(({ id, label, icon: Icon, to }) => (
          <button
            key={id}
            type="button"
            className="kb-tile"
            onClick={() => navigate(to)}
            data-testid={`home-tile-${id}`}
          >
            <Icon />
            <span>{label}</span>
            {TILES_IN_PREPARATION.has(id) && <span className="kb-tile-soon">{t('home.tiles.soon')}</span>}
          </button>
        ))}
      </nav>
      <section className="kb-section" data-testid="home-market">
        <div className="kb-section-head">
          <h2>{t('home.marketOverview')}</h2>
          <button type="button" className="kb-link" onClick={() => navigate(paths.MARKET_PATH)}>
            {t('home.seeMarket')}
          </button>
        </div>
        {/* The greeting and tiles do not wait for the market's texts and figures. */}
        <Suspense fallback={<MarketSummarySkeleton />}>
          <MarketSummary />
        </Suspense>
      </section>
      <section className="kb-section" data-testid="home-watchlist">
        <h2>{t('home.watchlist')}</h2>
        <Suspense fallback={<QuoteListSkeleton rows={3} />}>
          <WatchlistQuotes
            sort="changePercent"
            order="desc"
            limit={HOME_WATCHLIST_ROWS}
            simulatedNote={false}
          />
        </Suspense>
      </section>
      <LatestNotices />
    </div>
  );
}
