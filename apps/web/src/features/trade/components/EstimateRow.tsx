import { toneClass } from '../../../lib/price-tone';
import { withSign, yen } from '../../../lib/format';

/**
 * One figure under an order form's fields: a label and an amount in yen, a dash until it can be worked out; a
 * `signed` one (a P&L) with its sign and in the colour of a rise or a fall.
 */
export function EstimateRow({
  label,
  amount,
  signed = false,
  testId,
}: {
  label: string;
  amount: string | null;
  signed?: boolean;
  testId: string;
}) {
  return (
    <div className="kb-trade-estimate" data-testid={testId}>
      <span className="kb-muted">{label}</span>
      {amount === null ? (
        <strong>—</strong>
      ) : (
        <strong className={signed ? toneClass(amount) : undefined}>
          {signed ? withSign(yen(amount)) : yen(amount)}
        </strong>
      )}
    </div>
  );
}
