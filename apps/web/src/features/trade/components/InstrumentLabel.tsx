import { useTradeTranslation } from '../lib/texts';
import { closingSide } from '../lib/figures';
import { useInstrument } from '../../../lib/market-data';
import { normalizeLang } from '@kabuto/i18n';
import { instrumentName } from '../../../lib/market-format';

/** "トヨタ自動車 7203": the name in the reader's language (once known) and the code. */
export function InstrumentLabel({ code }: { code: string }) {
  const { i18n } = useTradeTranslation();
  const { data } = useInstrument(code);
  const name = data ? instrumentName(data, normalizeLang(i18n.resolvedLanguage)) : null;
  return (
    <span className="kb-instrument-label" data-testid="trade-instrument">
      {name ? `${name} ` : ''}
      <span className="kb-muted">{code}</span>
    </span>
  );
}

/** The side as a coloured tag: 買 red, 売 blue (as Japanese brokers colour order sides). */
export function SideTag({ side }: { side: 'long' | 'short' }) {
  const { t } = useTradeTranslation();
  return <span className={`kb-side kb-side-${side}`}>{t(`trade:sideShort.${side}`)}</span>;
}

/** 新規買 / 返済売 …: what the line did, coloured as the trade it was (a buy red, a sell blue). */
export function TradeTag({ kind, side }: { kind: 'open' | 'close'; side: 'long' | 'short' }) {
  const { t } = useTradeTranslation();
  const trade = kind === 'open' ? side : closingSide(side);
  return (
    <span className={`kb-side kb-side-${trade}`} data-testid="history-tag">
      {t(`trade:historyTag.${kind}.${side}`)}
    </span>
  );
}

/** 一部返済: a closed position made of lots closed out of another (its `partOf`), whose number it goes by. */
export function PartTag() {
  const { t } = useTradeTranslation();
  return (
    <span className="kb-part-tag" data-testid="part-tag">
      {t('trade:partTag')}
    </span>
  );
}
