import { memo } from 'react';
import { formatJst, type Instrument, type Quote } from '@kabuto/contract';
import { sectorKey, useMarketTranslation } from '../../../lib/market-texts';
import { WatchStar } from '../../../components/market/WatchStar';
import { currentLang } from '../../../lib/i18n';
import {
  formatChange,
  formatCompact,
  formatCount,
  formatPercent,
  formatPrice,
  instrumentName,
} from '../../../lib/market-format';
import { toneClass } from '../../../lib/price-tone';

/** The instrument's name, its live price against the previous close, and the day's figures. */
export const QuoteHeader = memo(function QuoteHeader({
  instrument,
  quote,
}: {
  instrument: Instrument;
  quote: Quote;
}) {
  const { t } = useMarketTranslation();
  const lang = currentLang();
  const name = instrumentName(instrument, lang);
  const tone = toneClass(quote.change);
  const figures: [string, string, string?][] = [
    ['open', formatPrice(quote.open)],
    ['high', formatPrice(quote.high)],
    ['low', formatPrice(quote.low)],
    ['previousClose', formatPrice(quote.previousClose)],
    ['volume', t('market:shares', { value: formatCount(quote.volume) })],
    ['turnover', t('market:yen', { value: formatCompact(quote.turnover, lang) })],
    ['limitUp', formatPrice(quote.limitUp), 'kb-tone-up'],
    ['limitDown', formatPrice(quote.limitDown), 'kb-tone-down'],
  ];
  return (
    <section className="kb-quote-header" data-testid="quote-header">
      <div className="kb-quote-header-top">
        <div>
          <h2 className="kb-quote-header-name" data-testid="detail-name">
            {name}
          </h2>
          <p className="kb-quote-header-code">
            {instrument.code}
            {t('common:separator')}
            {t(sectorKey(instrument.sector), { defaultValue: instrument.sector })}
          </p>
        </div>
        <WatchStar code={instrument.code} name={name} />
      </div>
      <div className="kb-quote-header-price">
        <span className={`kb-quote-header-last ${tone}`} data-testid="detail-last">
          {formatPrice(quote.last)}
        </span>
        <span className={tone} data-testid="detail-change">
          {formatChange(quote.change)} ({formatPercent(quote.changePercent)})
        </span>
      </div>
      <p className="kb-quote-header-state">
        <span className="kb-session" data-testid="detail-session">
          {t(`market:session.${quote.sessionState}`)}
        </span>
        {/* When the price above last traded, as a broker prints it beside 現在値: an old one is seen to be old. */}
        {quote.updatedAt && (
          <span className="kb-quote-time" data-testid="detail-time">
            {t('market:lastTradedAt', { time: formatJst(quote.updatedAt, { seconds: true }) })}
          </span>
        )}
        {quote.halted && <span className="kb-quote-halted">{t('market:halted')}</span>}
        {quote.limitState === 'stop-high' && (
          <span className="kb-limit kb-limit-badge kb-tone-up" data-testid="detail-limit">
            {t('market:stopHigh')}
          </span>
        )}
        {quote.limitState === 'stop-low' && (
          <span className="kb-limit kb-limit-badge kb-tone-down" data-testid="detail-limit">
            {t('market:stopLow')}
          </span>
        )}
      </p>
      <dl className="kb-figures">
        {figures.map(([key, value, className]) => (
          <div key={key} data-testid={`figure-${key}`}>
            <dt>{t(`market:figure.${key}`)}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});
