import { formatJst } from '@kabuto/contract';

/**
 * A timestamp in Japan time; a dash when there is none. `stacked`: the date above the time, for tables with
 * two timestamps a row.
 */
export function JstTime({ value, stacked }: { value: string | null | undefined; stacked?: boolean }) {
  if (!value) return <span>—</span>;
  const text = formatJst(value, { seconds: true });
  const [date, time] = text.split(' ');
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {stacked ? (
        <>
          {date}
          <br />
          {time}
        </>
      ) : (
        text
      )}
    </time>
  );
}
