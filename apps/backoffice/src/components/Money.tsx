import { formatYen } from '@kabuto/contract';

/** A yen amount from the wire decimal: thousands separators, two decimals, a plus on income when `signed`. */
export function Money({ value, signed = false }: { value: string; signed?: boolean }) {
  const text = formatYen(value);
  const shown = signed && !text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text;
  return (
    <span
      data-testid="money"
      style={{
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: text.startsWith('-') ? '#a8071a' : undefined,
      }}
    >
      {shown}
    </span>
  );
}
