import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { vendorFixture } from '../testing/vendor-fixture';
import { VendorForm } from './vendor-form';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('VendorForm', () => {
  it('has the four sections and every field of a vendor', () => {
    renderWithProviders(<VendorForm mode="create" onSubmit={vi.fn()} onCancel={vi.fn()} />);
    for (const section of ['Basic Information', 'Address Information', 'Business Information', 'Additional Information']) {
      expect(screen.getByRole('group', { name: section })).toBeTruthy();
    }
    for (const label of [
      /^Vendor Name/,
      /^Contact Person/,
      /^Email/,
      /^Phone/,
      /^Website/,
      /^Status/,
      /^Address/,
      /^City/,
      /^State/,
      /^Postal Code/,
      /^Country/,
      /^Tax ID/,
      /^Logo URL/,
      /^Description/,
      /^Notes/,
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(screen.getAllByLabelText('Payment Terms').some((element) => element.tagName === 'INPUT')).toBe(true);
    expect((field(/^Status/) as unknown as HTMLSelectElement).value).toBe('active');
  });

  it('requires a name that is not blank', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<VendorForm mode="create" onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Vendor name is required')).toBeTruthy();

    await user.type(field(/^Vendor Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Vendor name is required')).toBeTruthy();
    expect(field(/^Vendor Name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the shared schema's messages for a bad email, phone, website and logo URL", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<VendorForm mode="create" onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(field(/^Vendor Name/), 'Keel & Co');
    await user.type(field(/^Email/), 'not-an-email');
    await user.type(field(/^Phone/), 'call me');
    await user.type(field(/^Website/), 'keel.example');
    await user.type(field(/^Logo URL/), 'ftp://keel.example/logo.png');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getAllByText('Please enter a valid URL starting with http:// or https://')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends only the fields filled in when creating, trimmed', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<VendorForm mode="create" onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(field(/^Vendor Name/), '  Keel & Co  ');
    await user.type(field(/^Email/), 'orders@keel.example');
    await user.type(field(/^City/), 'Annapolis');
    await user.type(field(/^Notes/), '   ');
    await user.selectOptions(field(/^Status/), 'pending');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Keel & Co', email: 'orders@keel.example', city: 'Annapolis', status: 'pending' });
  });

  it('starts from the vendor on edit and sends a cleared field as null', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const vendor = vendorFixture({ id: 7, name: 'Keel & Co', email: 'orders@keel.example', city: 'Annapolis', status: 'inactive', notes: 'Call first' });
    renderWithProviders(<VendorForm mode="edit" vendor={vendor} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    expect(field(/^Email/).value).toBe('orders@keel.example');
    expect(field(/^Notes/).value).toBe('Call first');

    await user.clear(field(/^City/));
    await user.click(screen.getByRole('button', { name: 'Update Vendor' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(payload).toMatchObject({ name: 'Keel & Co', email: 'orders@keel.example', city: null, status: 'inactive', notes: 'Call first' });
    expect(payload).not.toHaveProperty('id');
    expect(payload).not.toHaveProperty('product_count');
  });

  it('shows the field errors the server returns under their fields', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ name: 'A vendor with this name already exists' });
    renderWithProviders(<VendorForm mode="create" onSubmit={onSubmit} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(field(/^Vendor Name/), 'Keel & Co');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));

    expect(await screen.findByText('A vendor with this name already exists')).toBeTruthy();
    expect(field(/^Vendor Name/).getAttribute('aria-invalid')).toBe('true');
  });
});
