import type { Settings } from '@bosun/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin, manager } from '../../../test/users';
import { SettingsForm } from './settings-form';

afterEach(() => vi.unstubAllGlobals());

const stored: Settings = { company_name: 'Harbourside', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm', history_days: 180, currency: 'USD', time_zone: 'UTC' };

function renderAs(user: typeof admin) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/auth/verify')) return jsonResponse({ user });
      if (url.endsWith('/settings') && init.method === 'PUT') {
        const body = JSON.parse(init.body as string);
        puts.push(body);
        return jsonResponse({ success: true, settings: { ...stored, ...body } });
      }
      return jsonResponse(stored);
    }),
  );
  signIn(user);
  renderRoutes([{ path: '/settings', element: <SettingsForm settings={stored} canEdit /> }], '/settings');
  return puts;
}
const daysField = () => screen.queryByRole('textbox', { name: 'Keep change history for N days' }) as HTMLInputElement | null;

describe('the currency setting', () => {
  it('offers the currencies by name and sign, and saves the chosen one', async () => {
    const puts = renderAs(manager);
    const user = userEvent.setup();
    const select = (await screen.findByRole('combobox', { name: /Currency/ })) as HTMLSelectElement;
    expect(select.value).toBe('USD');
    expect([...select.options].map((o) => o.textContent)).toContain('Euro (€, EUR)');
    await user.selectOptions(select, 'EUR');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(puts[0]).toMatchObject({ currency: 'EUR' });
  });
});

describe('the time zone setting', () => {
  it('finds a zone by typing part of its name, and saves it', async () => {
    const puts = renderAs(manager);
    const user = userEvent.setup();
    const field = (await screen.findByRole('combobox', { name: 'Time zone' })) as HTMLInputElement;
    expect(field.value).toMatch(/^UTC \(GMT/);
    await user.clear(field);
    await user.type(field, 'berl');
    expect(screen.queryByRole('option', { name: /Pacific\/Auckland/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /^Europe\/Berlin \(GMT\+0[12]:00\)$/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(puts[0]).toMatchObject({ time_zone: 'Europe/Berlin' });
  });
});

describe('the history retention setting', () => {
  it('an admin sees it and saves a new number of days', async () => {
    const puts = renderAs(admin);
    const user = userEvent.setup();
    await waitFor(() => expect(daysField()?.value).toBe('180'));
    await user.clear(daysField()!);
    await user.type(daysField()!, '90');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(puts[0]).toMatchObject({ history_days: 90 });
  });

  it('says an empty value is missing, keeps what is typed as typed with its message, and saves nothing wrong', async () => {
    const puts = renderAs(admin);
    const user = userEvent.setup();
    await waitFor(() => expect(daysField()).toBeTruthy());
    await user.clear(daysField()!);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('History days must be a number')).toBeTruthy();
    expect(puts).toHaveLength(0);
    // Neither clamped to the limit nor cut to a whole number: the text stays and says what is wrong.
    await user.type(daysField()!, '5000');
    expect(daysField()!.value).toBe('5000');
    expect(await screen.findByText('History days must be at most 3650')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(puts).toHaveLength(0);
    await user.clear(daysField()!);
    await user.type(daysField()!, '3.5');
    expect(daysField()!.value).toBe('3.5');
    expect(await screen.findByText('History days must be a whole number')).toBeTruthy();
    await user.clear(daysField()!);
    await user.type(daysField()!, '400');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(puts).toEqual([expect.objectContaining({ history_days: 400 })]);
  });

  it('a shop manager with the settings permission does not see it, and the save leaves it out', async () => {
    const puts = renderAs({ ...manager, permissions: { ...manager.permissions, settings: true } });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Company Name' });
    expect(daysField()).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Company Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Company Name' }), 'Dockside');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(puts[0]).toMatchObject({ company_name: 'Dockside' });
    expect(puts[0]).not.toHaveProperty('history_days');
  });
});
