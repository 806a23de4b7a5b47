import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGUE_TEXTS } from '../../../../../shared/messages/catalogue';
import type { ProductForm } from '../../../../../shared/schemas/products';
import { CATALOGUE_LIMITS, toolSpecsField } from '../../../../../shared/schemas/catalogue-structure';
import { ApiRequestError } from '../../../../lib/api-client';
import { productFormField } from '../product-patch';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { SpecsEditor } from './specs-editor';

type Spec = { name: string; value: string; unit?: string };

/** The editor in a form of its own, checked by the shared specs schema; what it sends is kept. */
function renderEditor(specs: Spec[] = []) {
  const sent: unknown[] = [];
  function Harness() {
    const form = useForm<ProductForm>({
      resolver: zodResolver(z.object({ specs: toolSpecsField })) as never,
      defaultValues: { specs },
    });
    return (
      <form noValidate onSubmit={form.handleSubmit((values) => void sent.push(values.specs))}>
        <SpecsEditor form={form} />
        <button type="submit">Save</button>
        <button
          type="button"
          onClick={() =>
            applyServerFieldErrors(
              new ApiRequestError(400, 'Invalid', { errors: [{ field: 'specs.1.value', detail: 'The server says no' }] }),
              productFormField,
              form.setError,
            )
          }
        >
          Server refuses
        </button>
      </form>
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  return { user, sent };
}

const row = (n: number) => screen.getByRole('group', { name: `Specification ${n}` });
const input = (n: number, label: 'Name' | 'Value' | 'Unit (optional)') => within(row(n)).getByLabelText<HTMLInputElement>(label);
const values = () => screen.queryAllByRole('group', { name: /^Specification \d+$/ }).map((_, i) => input(i + 1, 'Name').value);

describe('the specifications editor', () => {
  it('adds rows of labelled name, value and unit, focusing the new name, and sends them in order', async () => {
    const { user, sent } = renderEditor();
    expect(screen.getByText('No specifications yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    expect(document.activeElement).toBe(input(1, 'Name'));
    await user.type(input(1, 'Name'), 'Torque');
    await user.type(input(1, 'Value'), '20-100');
    await user.type(input(1, 'Unit (optional)'), 'Nm');
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    await user.type(input(2, 'Name'), 'Drive');
    await user.type(input(2, 'Value'), '1/2 inch');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([
      [
        { name: 'Torque', value: '20-100', unit: 'Nm' },
        { name: 'Drive', value: '1/2 inch', unit: undefined },
      ],
    ]);
  });

  it('moves a row up and down with its buttons, keeping the focus on the moved row', async () => {
    const { user, sent } = renderEditor([
      { name: 'Torque', value: '20-100', unit: 'Nm' },
      { name: 'Drive', value: '1/2 inch', unit: '' },
      { name: 'Weight', value: '1.2', unit: 'kg' },
    ]);
    expect(screen.getByRole('button', { name: 'Move Specification 1 (Torque) up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Specification 3 (Weight) down' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move Specification 3 (Weight) up' }));
    expect(values()).toEqual(['Torque', 'Weight', 'Drive']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Specification 2 (Weight) up' }));

    // At the top its Up is off: the focus goes to its Down.
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['Weight', 'Torque', 'Drive']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Specification 1 (Weight) down' }));

    await user.keyboard('{Enter}');
    expect(values()).toEqual(['Torque', 'Weight', 'Drive']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Specification 2 (Weight) down' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((sent[0] as Spec[]).map((spec) => spec.name)).toEqual(['Torque', 'Weight', 'Drive']);
  });

  it('removes a row, focusing the row that takes its place', async () => {
    const { user } = renderEditor([
      { name: 'Torque', value: '20-100' },
      { name: 'Drive', value: '1/2 inch' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Specification 1 (Torque)' }));
    expect(values()).toEqual(['Drive']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Specification 1 (Drive)' }));
    await user.keyboard('{Enter}');
    expect(values()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add specification' }));
  });

  it('says under the input what is wrong with it, from the form or from the server', async () => {
    const { user, sent } = renderEditor([
      { name: 'Torque', value: '20-100' },
      { name: 'Drive', value: '' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([]);
    expect(within(row(2)).getByRole('alert').textContent).toBe(CATALOGUE_TEXTS.specValueRequired);
    expect(input(2, 'Value').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input(2, 'Value'));

    await user.type(input(2, 'Value'), '1/2 inch');
    await user.click(screen.getByRole('button', { name: 'Server refuses' }));
    expect(within(row(2)).getByRole('alert').textContent).toBe('The server says no');
    expect(document.activeElement).toBe(input(2, 'Value'));
  });

  it('keeps to the limits: inputs as long as the API takes, and no row past the last allowed', () => {
    const full = Array.from({ length: CATALOGUE_LIMITS.specsMax }, (_, i) => ({ name: `Spec ${i + 1}`, value: 'x' }));
    renderEditor(full);
    expect(screen.getByRole('button', { name: 'Add specification' })).toHaveProperty('disabled', true);
    expect(screen.getByText(`${CATALOGUE_LIMITS.specsMax} of ${CATALOGUE_LIMITS.specsMax}`, { exact: false })).toBeTruthy();
    expect(input(1, 'Name').maxLength).toBe(CATALOGUE_LIMITS.specNameMax);
    expect(input(1, 'Value').maxLength).toBe(CATALOGUE_LIMITS.specValueMax);
    expect(input(1, 'Unit (optional)').maxLength).toBe(CATALOGUE_LIMITS.specUnitMax);
  });
});
