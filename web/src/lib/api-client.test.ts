import type { User } from '@bosun/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { apiClient, ApiError, setUnauthorizedHandler } from './api-client';
import { sessionStorageStore } from './session-storage';

const user: User = {
  id: 7,
  username: 'skipper',
  email: 'skipper@example.com',
  role: 'shop_manager',
  status: 'active',
  permissions: { products: true, categories: true, vendors: true, settings: false },
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('api client', () => {
  const onUnauthorized = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('sends the stored token as a bearer token under /api', async () => {
    sessionStorageStore.save({ token: 'tok-123', user });
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await apiClient.get('/settings');

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/settings');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('clears the session and goes to /login on a 401 to a signed-in call', async () => {
    sessionStorageStore.save({ token: 'expired', user });
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' }, { status: 401, statusText: 'Unauthorized' }));

    const error = await apiClient.get('/dashboard/stats').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(sessionStorageStore.get()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps a signed-out 401 (wrong password) as a message and does not redirect', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' }, { status: 401, statusText: 'Unauthorized' }));

    await expect(apiClient.post('/auth/login', { username: 'a', password: 'b' })).rejects.toThrow('Invalid username or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not sign out on a 403 and raises the server message with its code and details', async () => {
    sessionStorageStore.save({ token: 'valid', user });
    fetchMock.mockResolvedValue(
      jsonResponse({ message: "You don't have permission to do this.", code: 'FORBIDDEN', details: { permission: 'settings' } }, { status: 403, statusText: 'Forbidden' }),
    );

    const error = (await apiClient.put('/settings', { company_name: 'x' }).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.message).toBe("You don't have permission to do this.");
    expect(error.code).toBe('FORBIDDEN');
    expect(error.details).toEqual({ permission: 'settings' });
    expect(sessionStorageStore.get()?.token).toBe('valid');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("falls back to 'HTTP {status}: {statusText}' when the body has no message", async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));

    await expect(apiClient.get('/dashboard/stats')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it('returns nothing for a 204 and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiClient.post('/auth/logout', { a: 1 })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
