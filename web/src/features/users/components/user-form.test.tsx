import type { User } from '@bosun/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UserForm } from './user-form';

const manager: User = {
  id: 5,
  username: 'bosun',
  email: 'bosun@example.com',
  role: 'shop_manager',
  status: 'active',
  permissions: { products: true, categories: false, vendors: true, settings: true },
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const permissionBox = (label: string) => screen.queryByRole('checkbox', { name: label }) as HTMLInputElement | null;

describe('UserForm', () => {
  it('shows the permissions only for a shop_manager, with the defaults on create', async () => {
    renderWithProviders(<UserForm mode="create" onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText(/^Role/) as HTMLSelectElement).value).toBe('shop_manager');
    expect(permissionBox('Products Management')?.checked).toBe(true);
    expect(permissionBox('Categories Management')?.checked).toBe(true);
    expect(permissionBox('Vendors Management')?.checked).toBe(true);
    expect(permissionBox('Settings Access')?.checked).toBe(false);

    await userEvent.setup().selectOptions(screen.getByLabelText(/^Role/), 'admin');

    expect(permissionBox('Products Management')).toBeNull();
    expect(screen.queryByText('Permissions')).toBeNull();
  });

  it('requires a password on create', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<UserForm mode="create" onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'deckhand');
    await user.type(screen.getByLabelText(/^Email/), 'deckhand@example.com');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a new shop_manager with the chosen permissions', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<UserForm mode="create" onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'deckhand');
    await user.type(screen.getByLabelText(/^Email/), 'deckhand@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Settings Access' }));
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      username: 'deckhand',
      email: 'deckhand@example.com',
      password: 'secret123',
      role: 'shop_manager',
      permissions: { products: true, categories: true, vendors: true, settings: true },
    });
  });

  it('leaves an empty password out on edit, and sends no permissions for an admin', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<UserForm mode="edit" user={manager} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    expect(permissionBox('Categories Management')?.checked).toBe(false);
    expect(permissionBox('Settings Access')?.checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(payload).not.toHaveProperty('password');
    expect(payload).toEqual({ username: 'bosun', email: 'bosun@example.com', role: 'shop_manager', permissions: manager.permissions });

    await user.selectOptions(screen.getByLabelText(/^Role/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toEqual({ username: 'bosun', email: 'bosun@example.com', role: 'admin', password: 'newsecret' });
  });

  it('still checks a password typed on edit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<UserForm mode="edit" user={manager} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update User' }));

    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the field errors the server returns under their fields', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ email: 'Email is already registered' });
    renderWithProviders(<UserForm mode="edit" user={manager} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update User' }));

    expect(await screen.findByText('Email is already registered')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });
});
