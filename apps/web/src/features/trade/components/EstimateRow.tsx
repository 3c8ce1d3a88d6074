import { yen } from '../../../lib/format';

/** One figure under an order form's fields: a label and an amount in yen, a dash until it can be worked out. */
export function EstimateRow({
  label,
  amount,
  testId,
}: {
  label: string;
  amount: string | null;
  testId: string;
}) {
  return (
    <div className="kb-trade-estimate" data-testid={testId}>
      <span className="kb-muted">{label}</span>
      <strong>{amount === null ? '—' : yen(amount)}</strong>
    </div>
  );
}
