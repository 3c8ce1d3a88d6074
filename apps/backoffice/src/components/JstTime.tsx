import { formatJst } from '@kabuto/contract';

/** A timestamp in Japan time; a dash when there is none. */
export function JstTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatJst(value, { seconds: true })}
    </time>
  );
}
