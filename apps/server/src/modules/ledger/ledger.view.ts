import {
  FUNDING_ENTRY_KINDS,
  formatJst,
  jstMonthRange,
  senToDecimal,
  type EntryKind,
  type LedgerGroup,
} from '@kabuto/contract';
import { translate, type Lang } from '@kabuto/i18n';
import type { Executor } from '../../database';
import { iso } from '../../platform/db';
import {
  cashBalancesAfter,
  tradeBreakdowns,
  userEntries,
  type TradeBreakdown,
  type UserEntryRow,
} from './ledger.repository';
import type { Balances } from './ledger.service';

export const balancesView = (balances: Balances) => ({
  available: senToDecimal(balances.available),
  held: senToDecimal(balances.held),
  marginInUse: senToDecimal(balances.marginInUse),
  loanPayable: senToDecimal(balances.loanPayable),
  debt: senToDecimal(-balances.tradingDebt),
  total: senToDecimal(balances.available + balances.held + balances.marginInUse - balances.tradingDebt),
});

/**
 * What each trading reference is about ("order:42" -> 7203), from the trading module: the ledger stores
 * references, not what they point at. `partOf`: lots closed by 一部返済, named by the position they came from.
 */
export type TradesOfReferences = (
  db: Executor,
  userId: bigint,
  references: readonly (string | null)[],
) => Promise<
  Map<string, { instrument: { code: string; nameJa: string; nameEn: string }; partOf: string | null }>
>;

type Trades = Awaited<ReturnType<TradesOfReferences>>;

export interface EntryFilter {
  month?: string | undefined;
  kind?: EntryKind | undefined;
  group?: LedgerGroup | undefined;
  cursor?: string | undefined;
  limit: number;
}

const filterOf = (filter: EntryFilter) => ({
  ...(filter.month ? jstMonthRange(filter.month) : {}),
  kind: filter.kind,
  kinds: filter.group === 'funding' ? FUNDING_ENTRY_KINDS : undefined,
  beforeId: filter.cursor === undefined ? undefined : BigInt(filter.cursor),
  limit: filter.limit,
});

/** The entries a statement breaks down: a fill and a close move margin, fees and the gain or loss at once. */
const BROKEN_DOWN: readonly EntryKind[] = ['order_fill', 'position_close'];

const breakdownView = (breakdown: TradeBreakdown) => ({
  margin: senToDecimal(breakdown.margin),
  pnl: senToDecimal(breakdown.pnl),
  fee: senToDecimal(breakdown.fee),
  interest: senToDecimal(breakdown.interest),
  debt: senToDecimal(breakdown.debt),
});

function entryView(
  row: UserEntryRow,
  trades: Trades,
  balanceAfter: bigint,
  breakdown: TradeBreakdown | undefined,
) {
  const trade = row.reference === null ? undefined : trades.get(row.reference);
  return {
    id: row.id.toString(),
    kind: row.kind as EntryKind,
    reference: row.reference,
    instrument: trade?.instrument ?? null,
    partOf: trade?.partOf ?? null,
    breakdown: breakdown ? breakdownView(breakdown) : null,
    cashChange: senToDecimal(BigInt(row.available_change) + BigInt(row.held_change)),
    availableChange: senToDecimal(BigInt(row.available_change)),
    heldChange: senToDecimal(BigInt(row.held_change)),
    balanceAfter: senToDecimal(balanceAfter),
    createdAt: iso(row.created_at) ?? '',
  };
}

/**
 * One page of the user's entries; `nextCursor` is null on the last page. `breakdowns: false` leaves out the
 * trades' breakdowns (null), which the CSV does not print.
 */
export async function entriesPage(
  db: Executor,
  userId: bigint,
  filter: EntryFilter,
  tradesOf: TradesOfReferences,
  { breakdowns: withBreakdowns = true } = {},
) {
  const rows = await userEntries(db, userId, filterOf(filter));
  const trades = await tradesOf(
    db,
    userId,
    rows.map((row) => row.reference),
  );
  const balances = await cashBalancesAfter(
    db,
    userId,
    rows.map((row) => row.id),
  );
  const breakdowns = await tradeBreakdowns(
    db,
    withBreakdowns
      ? rows.filter((row) => BROKEN_DOWN.includes(row.kind as EntryKind)).map((row) => row.id)
      : [],
  );
  const last = rows.at(-1);
  return {
    items: rows.map((row) => entryView(row, trades, balances.get(row.id) ?? 0n, breakdowns.get(row.id))),
    nextCursor: rows.length === filter.limit && last ? last.id.toString() : null,
  };
}

const REFERENCE = /^(order|position|withdrawal|adjustment|bank):(.+)$/;

/**
 * A reference as the investor knows it ("order:123" -> "注文番号 123", "bank:STMT-42" -> "照合番号 STMT-42", the
 * lots of 一部返済 by the position they came from: "建玉番号 12（一部返済）"), empty for any other form (a
 * withdrawal's bank account, an internal key): the ledger's own keys never show.
 */
export function referenceText(reference: string | null, lang: Lang, partOf: string | null = null): string {
  const match = REFERENCE.exec(reference ?? '');
  if (!match) return '';
  const [, kind = '', value = ''] = match;
  if (kind !== 'bank' && !/^\d{1,18}$/.test(value)) return '';
  if (kind === 'position' && partOf !== null)
    return translate(lang, 'trade', 'statement.positionPart', { value: partOf });
  return translate(lang, 'common', `ledgerReference.${kind}`, { value });
}

/** At most this many rows go into one CSV file. */
export const CSV_MAX_ROWS = 20_000;
const CSV_PAGE = 1_000;

/**
 * A cell as a spreadsheet reads it: quoted where needed, and text that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe; numbers stay numbers.
 */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The user's entries as CSV in the reader's language: UTF-8 with a byte-order mark (Excel in Japan reads a
 * file without one as Shift_JIS), CRLF line ends, times in Japan time, amounts with two decimals. Income and
 * expenditure are what came into or left the user's cash (a withdrawal paid out is an expenditure); a hold or
 * its release shows only in the held column. The balance is 預り金残高 (available and held cash) after the
 * line; the reference is in the investor's terms (注文番号 123), never an internal key.
 */
export async function entriesCsv(
  db: Executor,
  userId: bigint,
  filter: Omit<EntryFilter, 'cursor' | 'limit'>,
  lang: Lang,
  tradesOf: TradesOfReferences,
) {
  const t = (key: string) => translate(lang, 'common', key);
  const lines = [
    ['time', 'kind', 'code', 'name', 'income', 'expenditure', 'held', 'balance', 'reference']
      .map((c) => csvCell(t(`ledgerCsv.${c}`)))
      .join(','),
  ];
  let cursor: string | undefined;
  for (let count = 0; count < CSV_MAX_ROWS;) {
    const page = await entriesPage(db, userId, { ...filter, cursor, limit: CSV_PAGE }, tradesOf, {
      breakdowns: false,
    });
    for (const item of page.items) {
      const change = item.cashChange;
      const negative = change.startsWith('-');
      lines.push(
        [
          formatJst(item.createdAt, { seconds: true }),
          t(`entryKinds.${item.kind}`),
          item.instrument?.code ?? '',
          (lang === 'ja' ? item.instrument?.nameJa : item.instrument?.nameEn) ?? '',
          negative || change === '0.00' ? '' : change,
          negative ? change.slice(1) : '',
          item.heldChange === '0.00' ? '' : item.heldChange,
          item.balanceAfter,
          referenceText(item.reference, lang, item.partOf),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    count += page.items.length;
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return {
    contentType: 'text/csv; charset=utf-8' as const,
    filename: 'kabuto-ledger.csv',
    bytes: new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`),
  };
}
