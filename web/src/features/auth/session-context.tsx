import type { AuthResponse, User } from '@bosun/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { sessionStorageStore } from '../../lib/session-storage';
import { verifySessionQueryKey, verifySessionQueryOptions } from './api/verify-session';

export type SessionStatus = 'resolving' | 'signed-in' | 'signed-out';

interface SessionContextValue {
  status: SessionStatus;
  user: User | null;
  token: string | null;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Stores a session the server has just issued; it needs no /auth/verify round trip. */
export function startSession(queryClient: QueryClient, auth: AuthResponse) {
  queryClient.setQueryData(verifySessionQueryKey(auth.token), { user: auth.user });
  sessionStorageStore.save({ token: auth.token, user: auth.user });
}

/** Keeps the stored user in step with what the server last returned (preferences, email, ...). */
export function updateSessionUser(queryClient: QueryClient, user: User) {
  const token = sessionStorageStore.getToken();
  if (!token) return;
  queryClient.setQueryData(verifySessionQueryKey(token), { user });
  sessionStorageStore.updateUser(user);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(sessionStorageStore.subscribe, sessionStorageStore.get);
  const token = session?.token ?? null;

  // A 401 here is handled by the api client (it clears the session); any other failure keeps the
  // stored user, so a server restart does not throw everybody out.
  const verify = useQuery({ ...verifySessionQueryOptions(token ?? ''), enabled: token !== null });
  const verifiedUser = verify.data?.user;

  useEffect(() => {
    if (verifiedUser && token && sessionStorageStore.getToken() === token) sessionStorageStore.updateUser(verifiedUser);
  }, [verifiedUser, token]);

  // Whoever signs in next must not see the previous user's cached lists.
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current && previousToken.current !== token) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' || query.queryKey[2] === token });
    }
    previousToken.current = token;
  }, [token, queryClient]);

  const status: SessionStatus = !session ? 'signed-out' : verify.isPending ? 'resolving' : 'signed-in';
  const value = useMemo<SessionContextValue>(
    () => ({ status, user: session?.user ?? null, token }),
    [status, session, token],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user; only for screens behind the sign-in guard. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}

export function useUpdateSessionUser() {
  const queryClient = useQueryClient();
  return useCallback((user: User) => updateSessionUser(queryClient, user), [queryClient]);
}
