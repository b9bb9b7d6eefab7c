import type { User } from '@bosun/shared';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';
import { theme } from '../app/theme';
import { SessionProvider } from '../features/auth';
import { sessionStorageStore } from '../lib/session-storage';

// The toast store outlives a render: each test of a file that renders the app's providers starts
// without the last test's toasts (a full queue would hold back its own). Registered on import, as
// Testing Library registers its cleanup.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

/** Shows the router's current location, so tests can assert where a click navigated. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface Options extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  queryClient?: QueryClient;
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * The app's theme with reduced motion respected (vitest.config.ts has happy-dom prefer it): every
 * Mantine transition then takes no time and sets no timer. A tooltip's leave transition (issue
 * 24's DisabledReason) otherwise fired after a test file's window was gone: 'window is not defined'.
 */
const testTheme = { ...theme, respectReducedMotion: true };

/** Renders UI the way the app does: Mantine (no transitions), toasts, modals, queries and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient = createTestQueryClient(), ...options }: Options = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={testTheme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <MemoryRouter initialEntries={[route]}>
              {children}
              <LocationProbe />
            </MemoryRouter>
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** A fetch answer as the API gives it. */
export function jsonResponse(body: unknown, init: { status?: number; statusText?: string } = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? 'OK',
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Signs the user in as a reload finds them: a stored token and user, which the SessionProvider verifies. */
export function signIn(user: User) {
  sessionStorageStore.save({ token: `token-${user.id}`, user });
}

/** A memory router at `path` inside the app's providers, with the session (see `signIn`). */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient, ...view };
}
