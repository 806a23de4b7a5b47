import { useId, useState, type FormEvent } from 'react';
import { VALIDATION } from '../../../../shared/messages';
import { SelectField } from '../../../components/select-field';
import { ORDER_STATES, type OrderState } from '../../../../shared/schemas/admin';
import { SIMPLE_EMAIL } from '../../../../shared/schemas/fields';

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  unpaid: 'Unpaid',
  pending: 'Paid — waiting to ship',
  shipped: 'Shipped',
  expired: 'Expired',
  refunded: 'Refunded',
};

interface OrderFiltersProps {
  state: OrderState | undefined;
  email: string | undefined;
  onStateChange: (state: OrderState | undefined) => void;
  onEmailChange: (email: string | undefined) => void;
}

export const isOrderState = (value: string): value is OrderState => (ORDER_STATES as readonly string[]).includes(value);

/** The order list's filters: a state, and a buyer's email (the API matches it exactly). */
export function OrderFilters({ state, email, onStateChange, onEmailChange }: OrderFiltersProps) {
  const emailId = useId();
  const emailErrorId = `${emailId}-error`;
  const [draft, setDraft] = useState(email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = draft.trim().toLowerCase();
    if (wanted !== '' && !SIMPLE_EMAIL.test(wanted)) {
      setEmailError(VALIDATION.emailInvalid);
      return;
    }
    setEmailError(null);
    onEmailChange(wanted === '' ? undefined : wanted);
  };

  return (
    <div className="mt-6 flex flex-wrap items-start gap-4">
      <SelectField
        label="Show"
        className="w-full sm:w-auto"
        selectClassName="w-full sm:w-64"
        value={state ?? ''}
        onChange={(event) => onStateChange(isOrderState(event.target.value) ? event.target.value : undefined)}
      >
        <option value="">All</option>
        {ORDER_STATES.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <form role="search" aria-label="Orders by buyer" onSubmit={search} noValidate className="form-control w-full min-w-0 sm:w-auto sm:flex-1">
        <label htmlFor={emailId} className="mb-1 block text-sm font-medium">
          Buyer email
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            className={`input min-w-0 flex-1 ${emailError ? 'input-error' : ''}`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? emailErrorId : undefined}
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          {email ? (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setDraft('');
                setEmailError(null);
                onEmailChange(undefined);
              }}
            >
              Clear
            </button>
          ) : null}
        </div>
        {emailError ? (
          <p id={emailErrorId} role="alert" className="mt-1 text-sm text-error">
            {emailError}
          </p>
        ) : null}
      </form>
    </div>
  );
}

