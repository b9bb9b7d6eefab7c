import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../components/ui/notify';
import { SessionProvider } from '../features/auth';
import { theme } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Bottom right: at the top a toast would cover the header's user menu for its five seconds. */}
      <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{children}</ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
