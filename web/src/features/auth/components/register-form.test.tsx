import { AUTH_MESSAGES, type User } from '@bosun/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageStore } from '../../../lib/session-storage';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

const createdUser: User = {
  id: 1,
  username: 'captain',
  email: 'captain@example.com',
  role: 'shop_manager',
  status: 'active',
  permissions: { products: true, categories: true, vendors: true, settings: false },
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

async function fillForm(values: { username?: string; email?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (values.username) await user.type(screen.getByLabelText(/^Username/), values.username);
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/^Confirm password/), values.confirm);
  return user;
}

describe('RegisterForm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('preselects the shop_manager role', () => {
    renderWithProviders(<RegisterForm />);
    expect((screen.getByRole('radio', { name: 'Shop Manager' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Admin' }) as HTMLInputElement).checked).toBe(false);
  });

  it('requires every field and sends nothing', async () => {
    renderWithProviders(<RegisterForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a password under 6 characters', async () => {
    renderWithProviders(<RegisterForm />);
    const user = await fillForm({ username: 'captain', email: 'captain@example.com', password: 'abc12', confirm: 'abc12' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a confirmation that does not match', async () => {
    renderWithProviders(<RegisterForm />);
    const user = await fillForm({ username: 'captain', email: 'captain@example.com', password: 'secret123', confirm: 'secret124' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the account without the confirmation, signs in and says so', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 'new-token', user: { ...createdUser, role: 'admin' } }, { status: 201 }));
    renderWithProviders(<RegisterForm />);
    const user = await fillForm({ username: 'captain', email: 'captain@example.com', password: 'secret123', confirm: 'secret123' });
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'captain', email: 'captain@example.com', password: 'secret123', role: 'admin' });
    expect(await screen.findByText('Registration successful! You are now logged in.')).toBeTruthy();
    expect(sessionStorageStore.get()?.token).toBe('new-token');
  });

  it('tells a registration that waits for an admin (issue 24) that it does', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 'new-token', user: { ...createdUser, status: 'pending' } }, { status: 201 }));
    renderWithProviders(<RegisterForm />);
    const user = await fillForm({ username: 'captain', email: 'captain@example.com', password: 'secret123', confirm: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.registerPending)).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.registerSuccess)).toBeNull();
    expect(sessionStorageStore.get()?.user.status).toBe('pending');
  });

  it('puts a taken username under its field and shows other refusals as a toast', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ message: 'Username is already taken', code: 'CONFLICT', details: { fields: { username: 'Username is already taken' } } }, { status: 409 }))
      .mockResolvedValueOnce(jsonResponse({ message: 'Admin accounts can only be created by an admin', code: 'FORBIDDEN' }, { status: 403 }));
    renderWithProviders(<RegisterForm />);
    const user = await fillForm({ username: 'captain', email: 'captain@example.com', password: 'secret123', confirm: 'secret123' });

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const usernameInput = screen.getByLabelText(/^Username/);
    await waitFor(() => expect(usernameInput.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Username is already taken')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Admin accounts can only be created by an admin')).toBeTruthy();
    expect(sessionStorageStore.get()).toBeNull();
  });
});
