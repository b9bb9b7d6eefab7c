import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { theme } from '../app/theme';

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

/** Renders UI the way the app does: Mantine (no transitions), toasts, modals, queries and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient = createTestQueryClient(), ...options }: Options = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
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
