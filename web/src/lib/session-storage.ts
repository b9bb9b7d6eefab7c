import type { User } from '@bosun/shared';

/** The session the spec keeps in the browser's local storage: the token and the user it belongs to. */
export interface StoredSession {
  token: string;
  user: User;
}

const TOKEN_KEY = 'bosun.token';
const USER_KEY = 'bosun.user';

type Listener = () => void;
const listeners = new Set<Listener>();

// useSyncExternalStore needs the same object back while nothing changed, so the parsed session is
// reused for as long as the raw stored strings are the same.
let cached: { token: string | null; rawUser: string | null; session: StoredSession | null } | undefined;

function readFromStorage(): StoredSession | null {
  let token: string | null = null;
  let rawUser: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
    rawUser = localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
  if (cached && cached.token === token && cached.rawUser === rawUser) return cached.session;
  let session: StoredSession | null = null;
  if (token && rawUser) {
    try {
      session = { token, user: JSON.parse(rawUser) as User };
    } catch {
      // A hand-edited or truncated entry is the same as no session.
      session = null;
    }
  }
  cached = { token, rawUser, session };
  return session;
}

function emit() {
  for (const listener of listeners) listener();
}

export const sessionStorageStore = {
  get(): StoredSession | null {
    return readFromStorage();
  },
  getToken(): string | null {
    return sessionStorageStore.get()?.token ?? null;
  },
  save(session: StoredSession) {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
    emit();
  },
  /** Replaces the stored user (fresh from the server) and keeps the token. */
  updateUser(user: User) {
    const current = sessionStorageStore.get();
    if (!current) return;
    sessionStorageStore.save({ token: current.token, user });
  },
  clear() {
    const hadSession = localStorage.getItem(TOKEN_KEY) !== null || localStorage.getItem(USER_KEY) !== null;
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    if (hadSession) emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Signing out (or in) in another tab changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
  });
}
