import {
  dateWithWeekday,
  formatJst,
  formatPrice,
  formatYen,
  groupThousands,
  type MessageKind,
} from '@kabuto/contract';
import { SHARES_PER_LOT } from '@kabuto/market-rules';
import { messageBodyPart, translate, type Lang } from '@kabuto/i18n';
import type { MessageParamValues } from './messaging.table';

/** Account numbers are shown by their last four digits only, as the bank-account and withdrawal screens show them. */
const maskAccount = (number: string) => `****${number.slice(-4)}`;

/**
 * A gain or loss with its currency, the sign first: -12,345円, -12,345日元, -¥12,345 (not ¥-12,345, which the
 * amount alone after a ¥ would give).
 */
function signedYen(lang: Lang, amount: string): string {
  if (lang === 'ja') return `${amount}円`;
  if (lang === 'zh-CN') return `${amount}日元`;
  return amount.startsWith('-') ? `-¥${amount.slice(1)}` : `¥${amount}`;
}

/** Parameters as the reader should see them: amounts grouped, times in Japan time, names localised. */
function displayParams(lang: Lang, params: MessageParamValues): Record<string, string> {
  const shown: Record<string, string> = { ...params };
  // Whole yen without decimals, as a broker writes an amount in a letter (1,000,000円, not 1,000,000.00円).
  if (params.amount !== undefined) shown.amount = formatYen(params.amount).replace(/\.00$/, '');
  if (params.amount !== undefined) shown.signedAmount = signedYen(lang, shown.amount!);
  if (params.at !== undefined) shown.at = formatJst(params.at);
  // A day that ends something (an order's last valid date, a margin call's deadline) with its weekday, as the screens.
  for (const day of ['date', 'deadline'] as const)
    if (params[day] !== undefined)
      shown[day] = dateWithWeekday((key, values) => translate(lang, 'common', key, values), params[day]);
  if (params.accountNumber !== undefined) shown.accountNumber = maskAccount(params.accountNumber);
  if (params.method !== undefined) shown.method = translate(lang, 'common', `factorMethods.${params.method}`);
  for (const price of ['price', 'last'] as const)
    if (params[price] !== undefined) shown[price] = formatPrice(params[price]);
  // Company names are kept in Japanese and English; Chinese readers read the Japanese (kanji) name.
  if (params.nameJa !== undefined)
    shown.name = lang === 'ja' || lang === 'zh-CN' ? params.nameJa : (params.nameEn ?? params.nameJa);
  // A trading message's stock, named and coded as the screens show it: トヨタ自動車（7203）, Toyota Motor (7203).
  // Japanese and Chinese need no space before the count (トヨタ自動車（7203）100株).
  if (params.code !== undefined)
    shown.stock =
      lang === 'ja' || lang === 'zh-CN'
        ? `${shown.name ?? ''}（${params.code}）`
        : shown.name === undefined
          ? params.code
          : `${shown.name} (${params.code})`;
  const sharesOf = (lots: string) => groupThousands(String(Number(lots) * SHARES_PER_LOT));
  if (params.lots !== undefined) shown.shares = sharesOf(params.lots);
  if (params.remainingLots !== undefined) shown.remainingShares = sharesOf(params.remainingLots);
  // An order as its screens name it: 新規買, 新規買（信用）.
  if (params.side !== undefined) {
    const side = translate(lang, 'trade', `side.${params.side}`);
    shown.order = params.margin === 'true' ? translate(lang, 'trade', 'marginSide', { side }) : side;
  }
  if (params.closedBy !== undefined) shown.closedBy = translate(lang, 'trade', `closedBy.${params.closedBy}`);
  if (params.direction !== undefined)
    shown.condition = translate(lang, 'common', `priceAlertConditions.${params.direction}`);
  return shown;
}

/** A stored message in the reader's language. */
export function renderMessage(lang: Lang, kind: MessageKind, params: MessageParamValues) {
  const shown = displayParams(lang, params);
  return {
    title: translate(lang, 'messages', `${kind}.title`, shown),
    body: translate(lang, 'messages', `${kind}.${messageBodyPart(kind, params)}`, shown),
  };
}
