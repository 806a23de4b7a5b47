import { useId, useRef } from 'react';
import { useFieldArray, useWatch, type FieldError, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import type { ProductForm } from '../../../../../shared/schemas/products';
import { CATALOGUE_LIMITS } from '../../../../../shared/schemas/catalogue-structure';
import { PRODUCT_FORM_TEXTS } from '../catalogue-admin-texts';
import { firstEnabled, useFocusAfterRender } from '../use-focus-after-render';

const { specsMax, specsCharactersMax, specNameMax, specValueMax, specUnitMax } = CATALOGUE_LIMITS;

type SpecAction = 'up' | 'down' | 'remove';

interface SpecsEditorProps<Output> {
  form: UseFormReturn<ProductForm, unknown, Output>;
}

/**
 * A tool's specifications table, edited: rows of name, value and optional unit, added, removed
 * and moved up or down, in the order the tool's page shows them. Every input has its own label
 * and every row names itself ("Specification 2"), so a screen reader and the keyboard get the same
 * table as the eye. After a move, focus stays on the moved row's button.
 */
export function SpecsEditor<Output>({ form }: SpecsEditorProps<Output>) {
  const legendId = useId();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'specs' });
  const specs = useWatch({ control, name: 'specs' }) ?? [];
  const characters = specs.reduce((sum, spec) => sum + (spec?.name?.trim().length ?? 0) + (spec?.value?.trim().length ?? 0) + (spec?.unit?.trim().length ?? 0), 0);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  /** After a move or a removal: the row's button for the same action, or another of its buttons. */
  const focusRowButton = (id: string, action: SpecAction) =>
    focusAfterRender(() => {
      const row = list.current?.querySelector<HTMLElement>(`[data-spec-row="${id}"]`);
      const order: SpecAction[] = action === 'down' ? ['down', 'up', 'remove'] : ['up', 'down', 'remove'];
      return firstEnabled(order.map((which) => row?.querySelector<HTMLButtonElement>(`[data-spec-action="${which}"]`)));
    });

  const moveRow = (index: number, to: number) => {
    focusRowButton(fields[index]!.id, to < index ? 'up' : 'down');
    move(index, to);
  };

  const removeRow = (index: number) => {
    // Focus goes to the row that takes its place, or the one before, or Add.
    const next = fields[index + 1] ?? fields[index - 1];
    if (next) focusRowButton(next.id, 'remove');
    else focusAfterRender(() => addButton.current);
    remove(index);
  };

  const addRow = () => {
    append({ name: '', value: '', unit: '' }, { shouldFocus: true });
  };

  const arrayError = (errors.specs as { root?: FieldError; message?: string } | undefined)?.root?.message ?? (errors.specs as FieldError | undefined)?.message;

  return (
    <fieldset className="space-y-3" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-medium">
        Specifications
      </legend>
      <p className={`text-sm ${characters > specsCharactersMax ? 'text-error' : 'text-base-content/80'}`}>
        {`${fields.length} of ${specsMax} · ${characters.toLocaleString('en-US')}/${specsCharactersMax.toLocaleString('en-US')} characters`}
      </p>
      {fields.length === 0 ? <p className="text-sm">{PRODUCT_FORM_TEXTS.noSpecs}</p> : null}
      <ol ref={list} className="space-y-3">
        {fields.map((field, index) => {
          const rowErrors = errors.specs?.[index];
          const label = `Specification ${index + 1}`;
          const named = specs[index]?.name?.trim();
          const rowName = named ? `${label} (${named})` : label;
          return (
            <li key={field.id} data-spec-row={field.id}>
              <div role="group" aria-label={label} className="rounded-box p-3 ring-1 ring-base-300">
                <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)]">
                  <SpecInput label="Name" maxLength={specNameMax} error={rowErrors?.name} registration={register(`specs.${index}.name`)} />
                  <SpecInput label="Value" maxLength={specValueMax} error={rowErrors?.value} registration={register(`specs.${index}.value`)} />
                  <SpecInput label="Unit (optional)" maxLength={specUnitMax} error={rowErrors?.unit} registration={register(`specs.${index}.unit`)} />
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-xs btn-outline"
                    data-spec-action="up"
                    disabled={index === 0}
                    aria-label={`Move ${rowName} up`}
                    onClick={() => moveRow(index, index - 1)}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="btn btn-xs btn-outline"
                    data-spec-action="down"
                    disabled={index === fields.length - 1}
                    aria-label={`Move ${rowName} down`}
                    onClick={() => moveRow(index, index + 1)}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    className="btn btn-xs btn-outline btn-error"
                    data-spec-action="remove"
                    aria-label={`Remove ${rowName}`}
                    onClick={() => removeRow(index)}
                  >
                    Remove
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {arrayError ? (
        <p role="alert" className="text-sm text-error">
          {arrayError}
        </p>
      ) : null}
      <button ref={addButton} type="button" className="btn btn-sm btn-outline" onClick={addRow} disabled={fields.length >= specsMax}>
        Add specification
      </button>
    </fieldset>
  );
}

interface SpecInputProps {
  label: string;
  maxLength: number;
  error?: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

function SpecInput({ label, maxLength, error, registration }: SpecInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-control min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        maxLength={maxLength}
        className={`input input-sm w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      {error?.message ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-error">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
