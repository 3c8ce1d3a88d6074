import type { OrderValidity } from '@kabuto/contract';

import { useTradeTranslation } from '../lib/texts';
import { ToggleGroup } from './ToggleGroup';

/** A market order fills at the next price or at the next opening: it is only ever 当日中. */
export const validityFor = (type: 'market' | 'limit', chosen: OrderValidity): OrderValidity =>
  type === 'market' ? 'day' : chosen;

interface ValidityChoiceProps {
  type: 'market' | 'limit';
  /** The investor's choice, kept while a market order shows 当日中. */
  value: OrderValidity;
  onChange: (validity: OrderValidity) => void;
  /** What becomes of a limit order left unfilled on its last day: said for what the form sends. */
  limitNote: string;
  testId: string;
}

/** 期間: 当日中 or 今週中 for a limit order (to open or to close); a market order shows 今週中 disabled. */
export function ValidityChoice({ type, value, onChange, limitNote, testId }: ValidityChoiceProps) {
  const { t } = useTradeTranslation();
  const noteId = `${testId}-note`;
  return (
    <>
      <div className="kb-trade-label">{t('trade:validityLabel')}</div>
      <ToggleGroup
        label={t('trade:validityLabel')}
        value={validityFor(type, value)}
        options={[
          { value: 'day', label: t('trade:validity.day') },
          { value: 'week', label: t('trade:validity.week'), disabled: type === 'market' },
        ]}
        onChange={onChange}
        describedBy={noteId}
        testId={testId}
      />
      <p className="kb-trade-note" id={noteId} data-testid={noteId}>
        {type === 'market' ? t('trade:validityMarketNote') : limitNote}
      </p>
    </>
  );
}
