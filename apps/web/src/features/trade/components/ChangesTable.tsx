/** One row of a change: its id, label, the value before and after, and whether it differs. */
export type ChangeRow = [id: string, label: string, before: string, after: string, differs: boolean];

/**
 * Before → after, side by side as brokers show a 訂正: what changes stands out in bold. `<testId>-<id>-before` and
 * `-after` name the cells.
 */
export function ChangesTable({
  caption,
  beforeLabel,
  afterLabel,
  rows,
  testId,
}: {
  caption: string;
  beforeLabel: string;
  afterLabel: string;
  rows: readonly ChangeRow[];
  testId: string;
}) {
  return (
    <table className="kb-trade-amend-table" data-testid={`${testId}-changes`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{beforeLabel}</th>
          <th scope="col">{afterLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([id, label, before, after, differs]) => (
          <tr key={id}>
            <th scope="row">{label}</th>
            <td data-testid={`${testId}-${id}-before`}>{before}</td>
            <td
              className={differs ? 'kb-trade-amend-changed' : undefined}
              data-testid={`${testId}-${id}-after`}
            >
              {after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
