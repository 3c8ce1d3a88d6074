import { useTradeTranslation } from '../lib/texts';

interface StepperProps {
  /** What the buttons change, for their accessible names ("Price: one tick up"). */
  label: string;
  onStep: (step: 1 | -1) => void;
  testId: string;
  /** False at a bound the value cannot pass: the button shows disabled instead of doing nothing. */
  canStepDown?: boolean;
  canStepUp?: boolean;
}

/** The − and + beside a price or a quantity: one tick or one lot each tap. */
export function Stepper({ label, onStep, testId, canStepDown = true, canStepUp = true }: StepperProps) {
  const { t } = useTradeTranslation();
  return (
    <span className="kb-stepper">
      <button
        type="button"
        aria-label={t('trade:stepDown', { field: label })}
        onClick={() => onStep(-1)}
        disabled={!canStepDown}
        data-testid={`${testId}-down`}
      >
        −
      </button>
      <button
        type="button"
        aria-label={t('trade:stepUp', { field: label })}
        onClick={() => onStep(1)}
        disabled={!canStepUp}
        data-testid={`${testId}-up`}
      >
        +
      </button>
    </span>
  );
}
