import { useId, useState, type FormEvent } from 'react';

interface ListSearchFormProps {
  /** The search landmark's name ("Orders": a screen reader says "Orders, search"). */
  name: string;
  label: string;
  /** What the box searches, said under it and read with it. */
  hint: string;
  /** The search the list shows (from the address). */
  value: string;
  maxLength: number;
  onSearch: (q: string) => void;
  className?: string;
}

/**
 * A back-office list's search box. It searches on Enter or the button (not on every key: each
 * search reads the whole list on the server); Clear shows the whole list again. Back and Forward
 * change `value`, and the box follows.
 */
export function ListSearchForm({ name, label, hint, value, maxLength, onSearch, className = '' }: ListSearchFormProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" aria-label={name} onSubmit={submit} className={`form-control min-w-0 ${className}`}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={maxLength}
          className="input min-w-0 flex-1 basis-48"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={hintId}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        {value ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
      <p id={hintId} className="mt-1 text-sm text-base-content/80">
        {hint}
      </p>
    </form>
  );
}
