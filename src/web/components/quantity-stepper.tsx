interface QuantityStepperProps {
  id: string;
  value: number;
  /** The stepper starts here (the tool's minimum order). */
  start: number;
  /** The tool's available quantity. */
  max: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * Spec section 4: starts at the minimum; minus is disabled at the start value and plus at the
 * available quantity. Typing is allowed; the purchase form and the server check the range.
 */
export function QuantityStepper({ id, value, start, max, onChange, invalid, describedBy }: QuantityStepperProps) {
  return (
    <div className="join">
      <button
        type="button"
        className="btn join-item"
        onClick={() => onChange(value - 1)}
        disabled={value === start}
        aria-label="Decrease quantity"
        aria-controls={id}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={`input join-item w-28 text-center ${invalid ? 'input-error' : ''}`}
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <button
        type="button"
        className="btn join-item"
        onClick={() => onChange(value + 1)}
        disabled={value === max}
        aria-label="Increase quantity"
        aria-controls={id}
      >
        +
      </button>
    </div>
  );
}
