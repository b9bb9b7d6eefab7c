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
      {/*
        Top centre (issue 24 point 14): a dialog keeps its buttons at its foot (Create Product, Preview
        Data), which a toast at the bottom covered for its five seconds; the header's middle holds no
        control. On a phone the toasts take the width at the top, over the header until they close.
      */}
      <Notifications position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{children}</ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
