interface ToggleOption<V extends string> {
  value: V;
  label: string;
  /** Shown but not choosable (e.g. short in a stock that cannot be sold short). */
  disabled?: boolean;
}

interface ToggleGroupProps<V extends string> {
  label: string;
  value: V;
  options: readonly ToggleOption<V>[];
  onChange: (value: V) => void;
  testId: string;
  /** Extra class on the group, e.g. `kb-sides` to colour long red and short blue. */
  className?: string;
  /** The id of an error or note that describes the choice. */
  describedBy?: string;
}

/** A row of buttons of which one is pressed: long/short, market/limit, the leverage. */
export function ToggleGroup<V extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  className,
  describedBy,
}: ToggleGroupProps<V>) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className={`kb-toggle-group${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          disabled={option.disabled}
          data-side={option.value}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
