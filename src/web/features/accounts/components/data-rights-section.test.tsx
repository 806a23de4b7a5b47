import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, TOASTS } from '../../../../shared';
import { apiError } from '../../../../../tests/support/web/fake-api';
import { CUSTOMER, fakeStore } from '../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../tests/support/web/render';
import { DataRightsSection } from './data-rights-section';

const PASSWORD = 'correct horse battery';

function renderSection() {
  const store = fakeStore({ signedIn: CUSTOMER });
  const user = userEvent.setup();
  renderPage(<DataRightsSection />, { path: '/dashboard' });
  return { store, user };
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete your account?' });
const deletions = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('DELETE', '/api/me');

describe('Your data: Delete my account', () => {
  it('sends the password, says a wrong one under the field, and changes nothing', async () => {
    const { store, user } = renderSection();
    store.api.on('DELETE', '/api/me', () => apiError(400, API_ERRORS.wrongPassword, 'WRONG_PASSWORD'));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(within(dialog()).getByLabelText('Your password or authenticator code'), 'not it');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog()).findByText(API_ERRORS.wrongPassword)).toBeTruthy();
    expect(within(dialog()).getByLabelText('Your password or authenticator code').getAttribute('aria-invalid')).toBe('true');
    expect(deletions(store).map((request) => request.body)).toEqual([{ password: 'not it' }]);
    // Still signed in: a 400 is not a sign-out.
    expect(store.state.session).not.toBeNull();
  });

  it('sends six digits as a code; once deleted, signs out and goes home with a toast', async () => {
    const { store, user } = renderSection();
    store.api.on('DELETE', '/api/me', () => ({ body: { deleted: true, reference: 'ref-1', keptOrders: 0 } }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(within(dialog()).getByLabelText('Your password or authenticator code'), '123 456');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/');
    expect(await screen.findByText(TOASTS.accountDeleted)).toBeTruthy();
    expect(deletions(store).map((request) => request.body)).toEqual([{ code: '123 456' }]);
    await waitFor(() => expect(store.state.session).toBeNull());
  });

  it('shows a refusal that is not about the secret above the field (the last admin)', async () => {
    const { store, user } = renderSection();
    store.api.on('DELETE', '/api/me', () => apiError(409, API_ERRORS.lastAdminCannotLeave, 'LAST_ADMIN_CANNOT_LEAVE'));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(within(dialog()).getByLabelText('Your password or authenticator code'), PASSWORD);
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(API_ERRORS.lastAdminCannotLeave);
  });
});
