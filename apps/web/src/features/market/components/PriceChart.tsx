import { memo, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { BAR_INTERVALS, type BarInterval } from '@kabuto/contract';
import { useMarketTranslation } from '../../../lib/market-texts';
import { LoadError } from '../../../components/market/LoadError';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { currentLang } from '../../../lib/i18n';
import { formatPrice } from '../../../lib/market-format';
import { toneColours } from '../../../lib/price-tone';
import { useBars, useLatestBars, type Bars } from '../api/market';
import {
  chartTime,
  chartTimeFormats,
  INTRADAY,
  sameBar,
  toChartBars,
  withLivePrice,
  type ChartBar,
} from '../chart/chart-data';
import type {
  CandlestickData,
  HistogramData,
  IChartApi,
  ISeriesApi,
  MouseEventParams,
  UTCTimestamp,
} from '../chart/chart-library';
import type * as ChartLibrary from '../chart/chart-library';
import { ChartLegend } from './ChartLegend';

interface Plot {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

/** The quote's last price and when it traded, as the page above the chart shows it. */
export interface LivePrice {
  last: string;
  updatedAt: string | null;
}

/** How many bars a new interval opens on: about three months of days, an hour of minutes. */
const VISIBLE_BARS = 60;
/** Empty bars right of the newest, so the time scale's last label (a date or a time) is not cut by the price scale. */
const RIGHT_ROOM_BARS = 4;

/** What the chart shows: the bars last drawn, the time of their newest, that bar as drawn and as last served. */
interface Drawn {
  bars: Bars | undefined;
  until: number;
  /** The newest bar as drawn, with the live prices since put in it. */
  newest: ChartBar | null;
  /** The newest bar as the server last sent it: a refresh that brings it again changes nothing. */
  served: ChartBar | null;
  /** The code and interval the time scale was last placed for. */
  placed: string;
}

function drawBars(plot: Plot, bars: Bars, drawn: Drawn) {
  const points = toChartBars(bars.items);
  const time = (value: number) => value as UTCTimestamp;
  plot.candles.setData(points.map(({ volume: _volume, ...bar }) => ({ ...bar, time: time(bar.time) })));
  plot.volume.setData(points.map((bar) => ({ time: time(bar.time), value: bar.volume })));
  drawn.bars = bars;
  drawn.until = points.at(-1)?.time ?? 0;
  drawn.newest = points.at(-1) ?? null;
  drawn.served = drawn.newest;
  const intraday = INTRADAY.has(bars.interval);
  const formats = chartTimeFormats(currentLang());
  plot.chart.applyOptions({
    localization: { timeFormatter: (time: unknown) => formats.crosshair(time as number, intraday) },
  });
  plot.chart.timeScale().applyOptions({ timeVisible: intraday, secondsVisible: false });
  // A new interval opens on its latest bars, as many as a phone shows legibly (the rest is a swipe away);
  // later refreshes keep the investor's zoom and scroll. Drawing only those also keeps the first frame short.
  if (drawn.placed === `${bars.code}:${bars.interval}`) return;
  drawn.placed = `${bars.code}:${bars.interval}`;
  const count = bars.items.length;
  if (count <= VISIBLE_BARS) plot.chart.timeScale().fitContent();
  else
    plot.chart.timeScale().setVisibleLogicalRange({
      from: count - VISIBLE_BARS - 0.5 + RIGHT_ROOM_BARS,
      to: count - 0.5 + RIGHT_ROOM_BARS,
    });
}

/** An empty chart in `container`, its scales laid out as the bars will need them. */
function createChart(lib: typeof ChartLibrary, container: HTMLElement): IChartApi {
  const formats = chartTimeFormats(currentLang());
  return lib.createChart(container, {
    autoSize: true,
    layout: {
      background: { type: lib.ColorType.Solid, color: '#ffffff' },
      textColor: '#333333',
      fontSize: 11,
      // The page's own fonts, already resolved: with the library's default list, its first paint looked
      // through the system's fonts for each label, and took a third longer.
      fontFamily: getComputedStyle(container).fontFamily,
      attributionLogo: false,
    },
    grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
    localization: {
      locale: currentLang(),
      priceFormatter: (price: number) => formatPrice(price.toFixed(2)),
      timeFormatter: (time: unknown) => formats.crosshair(time as number, false),
    },
    rightPriceScale: { borderVisible: false, minimumWidth: 64 },
    timeScale: {
      borderVisible: false,
      rightOffset: RIGHT_ROOM_BARS,
      tickMarkFormatter: (time: unknown, kind: number) => formats.tick(time as number, kind),
    },
  });
}

/** The chart's candles over their volume, its legend fed the candle under the crosshair. */
function addSeries(
  lib: typeof ChartLibrary,
  chart: IChartApi,
  onTouched: Dispatch<SetStateAction<ChartBar | null>>,
): Plot {
  const colours = toneColours();
  const candles = chart.addSeries(lib.CandlestickSeries, {
    upColor: colours.up,
    downColor: colours.down,
    wickUpColor: colours.up,
    wickDownColor: colours.down,
    borderVisible: false,
  });
  const volume = chart.addSeries(lib.HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'volume',
    color: '#b0b8c4',
    // Its label would sit on the price scale over a price; the day's volume is in the quote above.
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
  // The candle under the crosshair (a finger held on the chart, or a mouse over it), for the legend; a move
  // within the same candle changes nothing.
  chart.subscribeCrosshairMove((param: MouseEventParams) => {
    const time = param.time as number | undefined;
    const candle = time === undefined ? undefined : (param.seriesData.get(candles) as CandlestickData);
    const bar = time === undefined ? undefined : (param.seriesData.get(volume) as HistogramData);
    onTouched((shown) => {
      if (time === undefined || !candle) return null;
      if (shown?.time === time) return shown;
      const { open, high, low, close } = candle;
      return { time, open, high, low, close, volume: bar?.value ?? 0 };
    });
  });
  return { chart, candles, volume };
}

/** Candles with volume below, for every interval; the library loads with the first chart drawn. */
export const PriceChart = memo(function PriceChart({
  code,
  live,
}: {
  code: string;
  live?: LivePrice | undefined;
}) {
  const { t } = useMarketTranslation();
  const [interval, setInterval] = useState<BarInterval>('1d');
  const bars = useBars(code, interval);
  const container = useRef<HTMLDivElement>(null);
  const [plot, setPlot] = useState<Plot | null>(null);
  const [libraryFailed, setLibraryFailed] = useState(false);
  const [touched, setTouched] = useState<ChartBar | null>(null);

  const data = bars.data;
  const loadedBars = useRef<Bars | undefined>(undefined);
  useEffect(() => {
    loadedBars.current = data;
  }, [data]);
  const drawn = useRef<Drawn>({ bars: undefined, until: 0, newest: null, served: null, placed: '' });
  const latest = useLatestBars(
    code,
    interval,
    // Settled bars only: placeholder bars are another interval's (or stock's), kept on screen while these load.
    data && !bars.isPlaceholderData ? { bars: data, at: bars.dataUpdatedAt } : undefined,
  );

  useEffect(() => {
    let disposed = false;
    let created: Plot | null = null;
    // The library's evaluation, the chart's creation and its series with their bars are separate tasks (the
    // page is interactive in between): together they blocked the main thread for 100-200 ms at a phone's speed.
    import('../chart/chart-library')
      .then(async (lib) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (disposed || !container.current) return;
        const chart = createChart(lib, container.current);
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (disposed) return chart.remove();
        try {
          created = addSeries(lib, chart, setTouched);
        } catch (error) {
          chart.remove();
          throw error;
        }
        setPlot(created);
        // Bars that came before the library are drawn now, so the first frame has them: an empty chart
        // first, then the bars, was two frames of drawing, the second after the price scale widened.
        if (loadedBars.current) drawBars(created, loadedBars.current, drawn.current);
      })
      // The library could not be loaded, or threw making the chart: a failed load, with its retry. (A draw that
      // threw once the chart was made is drawn again by the effect below, into the page's error boundary.)
      .catch(() => !disposed && !created && setLibraryFailed(true));
    return () => {
      disposed = true;
      created?.chart.remove();
    };
  }, []);

  useEffect(() => {
    if (plot && data && drawn.current.bars !== data) drawBars(plot, data, drawn.current);
  }, [plot, data]);

  // The newest bars as the market trades: the last one redrawn, any new ones appended.
  // The chart refuses a bar older than the last one it drew, and a later poll can still carry bars from
  // before a minute the previous poll already added: only bars from the last drawn one on are sent.
  useEffect(() => {
    if (!plot || !data || !latest.data || latest.data.interval !== data.interval) return;
    for (const bar of toChartBars(latest.data.items)) {
      if (bar.time < drawn.current.until || sameBar(bar, drawn.current.served)) continue;
      const time = bar.time as UTCTimestamp;
      try {
        plot.candles.update({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
        plot.volume.update({ time, value: bar.volume });
        drawn.current.until = bar.time;
        drawn.current.newest = bar;
        drawn.current.served = bar;
      } catch {
        // A bar the chart will not take is left out; the next full load draws it.
      }
    }
  }, [plot, data, latest.data]);

  // Each live price goes into the newest bar, if it was traded within that bar's period.
  const liveLast = live?.last;
  const liveAt = live?.updatedAt;
  useEffect(() => {
    const bar = drawn.current.newest;
    if (!plot || !data || !bar || liveLast === undefined || !liveAt) return;
    const moved = withLivePrice(bar, data.interval, { last: Number(liveLast), at: chartTime(liveAt) });
    if (!moved) return;
    try {
      const { volume: _volume, ...candle } = moved;
      plot.candles.update({ ...candle, time: moved.time as UTCTimestamp });
      drawn.current.newest = moved;
    } catch {
      // The chart refused it (a newer bar came in meanwhile): the next refresh draws it.
    }
    // After a refresh too: the bar it redrew may be older than the price above.
  }, [plot, data, latest.data, liveLast, liveAt]);

  const failed = libraryFailed || (bars.isError && !data);
  // The chart holds the chosen interval's bars; otherwise it is blank, or dimmed under the last interval's
  // candles while the next interval's load (or failed to), so they are not read as the chosen interval's.
  const current = Boolean(plot && data && !bars.isPlaceholderData);
  return (
    <section className="kb-section kb-chart-section" data-testid="price-chart">
      <h2>{t('market:chart')}</h2>
      <div className="kb-intervals" role="group" aria-label={t('market:interval')}>
        {BAR_INTERVALS.map((value) => (
          <button
            key={value}
            type="button"
            className="kb-interval"
            aria-pressed={interval === value}
            onClick={() => setInterval(value)}
            data-testid={`interval-${value}`}
          >
            {t(`market:intervals.${value}`)}
          </button>
        ))}
      </div>
      <ChartLegend bar={touched} />
      <div className={current ? 'kb-chart-frame' : 'kb-chart-frame kb-chart-stale'}>
        <div
          ref={container}
          className="kb-chart"
          role="img"
          aria-label={t('market:chartLabel', { code, interval: t(`market:intervals.${interval}`) })}
          aria-busy={!plot || bars.isFetching}
          data-testid="chart-canvas"
          data-interval={plot ? data?.interval : undefined}
          data-code={plot ? data?.code : undefined}
          data-bars={data?.items.length}
        />
        {/* Over the chart: why it is not the chosen interval's yet, loading or failed. */}
        {(failed || !current) && (
          <div className="kb-chart-over">
            {failed ? (
              <LoadError onRetry={() => (libraryFailed ? window.location.reload() : void bars.refetch())} />
            ) : (
              <DelayedLoading />
            )}
          </div>
        )}
      </div>
      {data && data.items.length === 0 && <p className="kb-muted">{t('market:noBars')}</p>}
      <p className="kb-chart-credit">
        <a className="kb-link" href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
          {t('market:chartCredit')}
        </a>
      </p>
    </section>
  );
});
