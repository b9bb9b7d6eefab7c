import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const appRouter = createAppRouter();
    // A dead session (401) goes to /login and comes back to where it was after signing in again.
    setUnauthorizedHandler(() => {
      const from = appRouter.state.location;
      if (from.pathname !== '/login') void appRouter.navigate('/login', { replace: true, state: { from } });
    });
    return appRouter;
  });

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
