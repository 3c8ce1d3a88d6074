import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { formatJst, formatYen, type ResponseOf, type api } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useLayer } from '../../../lib/layers';
import { TRADE_PATH } from '../../../lib/paths';
import { parseLedgerReference } from '../lib/ledger-reference';
import { signedAmount } from '../lib/money-format';
import { EntryAmount, EntryInstrument, EntryReference, type BankAccounts } from './LedgerParts';

export type LedgerEntry = ResponseOf<typeof api.ledger.entries>['items'][number];

/** A trade's breakdown in the order its 詳細 lists it. */
const BREAKDOWN_PARTS = [
  'margin',
  'pnl',
  'fee',
  'interest',
  'debt',
] as const satisfies readonly (keyof NonNullable<LedgerEntry['breakdown']>)[];

/** What the Trade screen opens on when a statement line sends the investor to an order: its order history. */
export const ORDER_HISTORY_STATE = { tradeTab: 'history', tradeHistory: 'orders' } as const;

/**
 * One statement line in full: when (Japan time, to the second), what, the stock, the amount, the change in held
 * funds, 預り金残高 after it, the reference in the investor's terms and, for an order or a position, the way to
 * the order history on the Trade screen.
 */
export function LedgerEntryFigures({ entry, accounts }: { entry: LedgerEntry; accounts: BankAccounts }) {
  // The breakdown's words are the trading screens' (their namespace, loaded with them).
  const { t } = useTranslation(['web', 'trade']);
  const reference = parseLedgerReference(entry.reference);
  const trading = reference?.kind === 'order' || reference?.kind === 'position';
  const rows: [string, string, ReactNode][] = [
    ['time', t('funding.ledger.detail.time'), formatJst(entry.createdAt, { seconds: true })],
    ['kind', t('funding.ledger.detail.kind'), t(`common:entryKinds.${entry.kind}`)],
    ...(entry.instrument
      ? ([
          [
            'instrument',
            t('funding.ledger.detail.instrument'),
            <EntryInstrument instrument={entry.instrument} />,
          ],
        ] as [string, string, ReactNode][])
      : []),
    ['amount', t('funding.ledger.detail.amount'), <EntryAmount entry={entry} />],
    // A fill's or a close's amount by what moved it (保証金, 売買損益, 手数料…), the parts that moved anything.
    ...BREAKDOWN_PARTS.filter((part) => entry.breakdown && entry.breakdown[part] !== '0.00').map(
      (part): [string, string, ReactNode] => [
        `breakdown-${part}`,
        t(`trade:statement.breakdown.${part}`),
        signedAmount(entry.breakdown![part]),
      ],
    ),
    [
      'held',
      t('funding.ledger.detail.held'),
      entry.heldChange === '0.00' ? t('funding.ledger.detail.none') : formatYen(entry.heldChange),
    ],
    ['balance', t('funding.ledger.detail.balance'), formatYen(entry.balanceAfter)],
    [
      'reference',
      t('funding.ledger.detail.reference'),
      (reference && (
        <EntryReference reference={entry.reference} partOf={entry.partOf} accounts={accounts} />
      )) ||
        t('funding.ledger.detail.none'),
    ],
  ];
  return (
    <>
      <dl className="kb-ledger-figures">
        {rows.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`ledger-detail-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {trading && (
        <p style={{ padding: '4px 8px 16px', margin: 0 }}>
          <Link
            to={TRADE_PATH}
            state={ORDER_HISTORY_STATE}
            className="kb-link"
            data-testid="ledger-detail-order"
          >
            {t('funding.ledger.detail.openTrade')}
          </Link>
        </p>
      )}
    </>
  );
}

/** A statement line's detail in a bottom sheet, opened by its 詳細 button. */
export function LedgerEntryDetail({
  entry,
  accounts,
  onClose,
}: {
  entry: LedgerEntry | null;
  accounts: BankAccounts;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useLayer(entry !== null, onClose);
  return (
    <Popup
      visible={entry !== null}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="kb-ledger-sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="ledger-detail-title" data-testid="ledger-detail">
        <div className="kb-ledger-sheet-head">
          <p className="kb-ledger-sheet-title" id="ledger-detail-title">
            {t('funding.ledger.detail.title')}
          </p>
          <button
            type="button"
            className="kb-icon-button"
            aria-label={t('funding.ledger.detail.close')}
            onClick={onClose}
            data-testid="ledger-detail-close"
          >
            <CloseOutline />
          </button>
        </div>
        {entry && <LedgerEntryFigures entry={entry} accounts={accounts} />}
      </div>
    </Popup>
  );
}
