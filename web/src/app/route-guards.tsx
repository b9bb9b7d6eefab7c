import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { FullScreenLoader } from '../components/ui/loaders';
import { useSession } from '../features/auth';

// A chunk of its own, like every page: the entry chunk must not evaluate the shared schemas
// before main.tsx has set zod's jitless mode (lib/zod-config.ts), or the CSP reports an eval.
const WaitingForApprovalRoute = lazy(() => import('./routes/waiting-for-approval'));

const SIGNED_OUT_PATHS = ['/login', '/register'];

/** Where a fresh sign-in goes: back to the page that sent the user to /login, else the dashboard. */
function afterSignInPath(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (!from || SIGNED_OUT_PATHS.includes(from.pathname)) return '/dashboard';
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * Signed-in routes: a full-screen loader while the session resolves, /login without one, and
 * only the waiting page for an account an admin has not approved yet (whatever the path: the
 * URL stays, so the approved user lands where they meant to go).
 */
export function RequireSession() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'resolving') return <FullScreenLoader label="Loading session" />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  if (user?.status === 'pending') {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <WaitingForApprovalRoute />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Outlet />
    </Suspense>
  );
}

/** /login and /register: a signed-in user has nothing to do there. */
export function RedirectIfSignedIn() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'resolving') return <FullScreenLoader label="Loading session" />;
  if (status === 'signed-in') return <Navigate to={afterSignInPath(location.state)} replace />;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Outlet />
    </Suspense>
  );
}
