import { readString, writeString } from './storage';

/**
 * Which colour a rise and a fall take. Japanese brokers show a rise in red and a fall in green; investors used
 * to the other convention switch it in Settings. Stored on this device only.
 */
export type PriceColours = 'japanese' | 'western';
export const PRICE_COLOURS: readonly PriceColours[] = ['japanese', 'western'];

const KEY = 'priceColours';

export function storedPriceColours(): PriceColours {
  return readString(KEY) === 'western' ? 'western' : 'japanese';
}

/** The stylesheet colours `.kb-tone-up` and `.kb-tone-down` from this attribute (app.css). */
function applyPriceColours(colours: PriceColours): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.priceColours = colours;
}

export function setPriceColours(colours: PriceColours): void {
  writeString(KEY, colours);
  applyPriceColours(colours);
}

// Every screen that shows a price imports this module, so the stored choice is applied before it renders.
applyPriceColours(storedPriceColours());

export type Direction = 'up' | 'down' | 'flat';

/** The direction of a change given as a wire decimal ("-12.50", "0.00", "3.10"). */
export function directionOf(change: string | null | undefined): Direction {
  if (!change || !/[1-9]/.test(change)) return 'flat';
  return change.trim().startsWith('-') ? 'down' : 'up';
}

/** The one class every price, change and bar takes for its direction. */
export function toneClass(change: string | null | undefined): string {
  return `kb-tone-${directionOf(change)}`;
}

/** Rise and fall colours as the stylesheet has them now, for what CSS cannot colour (the chart's canvas). */
export function toneColours(): { up: string; down: string } {
  const style = getComputedStyle(document.documentElement);
  return {
    up: style.getPropertyValue('--kb-rise').trim(),
    down: style.getPropertyValue('--kb-fall').trim(),
  };
}
