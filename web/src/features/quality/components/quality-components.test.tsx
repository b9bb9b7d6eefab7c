import { QUALITY_CHECK_NAMES, qualitySwitches, type QualitySettings } from '@bosun/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signIn } from '../../../test/render';
import { admin } from '../../../test/users';
import { QualityQueuesCard } from './quality-queues-card';
import { QualitySettingsCard } from './quality-settings-card';

afterEach(() => vi.unstubAllGlobals());

const stored: QualitySettings = { checks: qualitySwitches(0), margin_percent: 0 };

function stubApi() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/auth/verify')) return jsonResponse({ user: admin });
      if (url.endsWith('/quality/summary')) {
        return jsonResponse({ queues: [{ check: 'below_margin', label: 'Price below cost or margin', count: 1234 }, { check: 'no_image', label: 'No image', count: 0 }] });
      }
      if (url.endsWith('/quality/settings') && init.method === 'PUT') {
        const body = JSON.parse(init.body as string);
        puts.push(body);
        return jsonResponse({ ...stored, ...body, checks: { ...stored.checks, ...body.checks } });
      }
      return jsonResponse(stored);
    }),
  );
  signIn(admin);
  return puts;
}

describe('the dashboard quality card', () => {
  it("links each queue's count to the list filtered by it", async () => {
    stubApi();
    renderRoutes([{ path: '/', element: <QualityQueuesCard /> }], '/');
    const link = await screen.findByRole('link', { name: 'Price below cost or margin: 1,234 products' });
    expect(link.getAttribute('href')).toBe('/products?problem=below_margin');
    expect(screen.getByRole('link', { name: 'No image: 0 products' })).toBeTruthy();
  });
});

describe('the quality settings', () => {
  it('saves the switches and the margin percent, and says so', async () => {
    const puts = stubApi();
    renderRoutes([{ path: '/settings', element: <QualitySettingsCard canEdit /> }], '/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'No image' }));
    const margin = screen.getByRole('textbox', { name: /Lowest margin/ });
    await user.clear(margin);
    await user.type(margin, '15');
    await user.click(screen.getByRole('button', { name: 'Save quality checks' }));
    expect(await screen.findByText('Quality checks saved')).toBeTruthy();
    expect(puts[0]).toEqual({ checks: { ...Object.fromEntries(QUALITY_CHECK_NAMES.map((c) => [c, true])), no_image: false }, margin_percent: 15 });
  });

  it('says what is wrong with a margin percent and sends nothing', async () => {
    const puts = stubApi();
    renderRoutes([{ path: '/settings', element: <QualitySettingsCard canEdit /> }], '/settings');
    const user = userEvent.setup();
    const margin = await screen.findByRole('textbox', { name: /Lowest margin/ });
    await user.clear(margin);
    await user.type(margin, '120');
    expect(await screen.findByText('Quality margin percent must be at most 99')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save quality checks' }));
    await waitFor(() => expect(puts).toEqual([]));
  });

  it('is read-only without the settings permission', async () => {
    stubApi();
    renderRoutes([{ path: '/settings', element: <QualitySettingsCard canEdit={false} /> }], '/settings');
    expect(((await screen.findByRole('checkbox', { name: 'No image' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save quality checks' })).toBeNull();
  });
});
