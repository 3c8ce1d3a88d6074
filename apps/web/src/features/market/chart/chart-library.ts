// The chart library, loaded only by the price chart (its own chunk, measured on its own by the budget).
export { CandlestickSeries, ColorType, HistogramSeries, createChart } from 'lightweight-charts';
export type {
  CandlestickData,
  HistogramData,
  IChartApi,
  ISeriesApi,
  MouseEventParams,
  UTCTimestamp,
} from 'lightweight-charts';
