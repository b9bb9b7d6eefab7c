import { USER_MESSAGES, type User } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { admin, manager } from '../../../test/users';
import { UsersView } from './users-view';

// Issue 24 point 2: admins see the self-registered accounts waiting, and approve or refuse them.

const waiting: User = {
  ...manager,
  id: 7,
  username: 'newcomer',
  email: 'newcomer@example.com',
  status: 'pending',
  permissions: { products: false, categories: false, vendors: false, settings: false },
};

/** GET /users from a list that approve and refuse change, as the server would. */
function serveUsers(initial: User[]) {
  let users = [...initial];
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      const method = init.method ?? 'GET';
      if (path === '/api/users' && method === 'GET') return jsonResponse(users);
      const action = /^\/api\/users\/(\d+)\/(approve|refuse)$/.exec(path);
      if (action && method === 'POST') {
        writes.push(`${action[2]} ${action[1]}`);
        const id = Number(action[1]);
        if (action[2] === 'refuse') {
          users = users.filter((u) => u.id !== id);
          return jsonResponse({ message: USER_MESSAGES.refused('newcomer') });
        }
        users = users.map((u) => (u.id === id ? { ...u, status: 'active' as const, permissions: { products: true, categories: true, vendors: true, settings: false } } : u));
        return jsonResponse(users.find((u) => u.id === id));
      }
      return jsonResponse({ message: 'Not found' }, { status: 404 });
    }),
  );
  return writes;
}

const renderView = () => renderWithProviders(<UsersView currentUserId={admin.id} accessDeniedMessage="denied" />);
const waitingList = () => screen.queryByRole('list', { name: 'Accounts waiting for approval' });
const usersTable = () => screen.getByRole('table', { name: 'Users' });

describe('UsersView: accounts waiting for approval', () => {
  it('lists waiting accounts apart from the users table, and none when nobody waits', async () => {
    serveUsers([admin, manager, waiting]);
    const view = renderView();
    const list = await screen.findByRole('list', { name: 'Accounts waiting for approval' });
    expect(within(list).getByText('newcomer')).toBeTruthy();
    expect(within(usersTable()).queryByText('newcomer')).toBeNull();
    expect(within(usersTable()).getByText('deckhand')).toBeTruthy();
    view.unmount();

    serveUsers([admin, manager]);
    renderView();
    await screen.findByRole('table', { name: 'Users' });
    await screen.findByText('deckhand');
    expect(waitingList()).toBeNull();
  });

  it('approves: the account moves to the users table with a toast', async () => {
    const writes = serveUsers([admin, waiting]);
    renderView();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve newcomer' }));
    expect(await screen.findByText(USER_MESSAGES.approved('newcomer'))).toBeTruthy();
    expect(writes).toEqual(['approve 7']);
    await waitFor(() => expect(waitingList()).toBeNull());
    expect(within(usersTable()).getByText('newcomer')).toBeTruthy();
  });

  it('refuses only after a confirmation, and the account is gone', async () => {
    const writes = serveUsers([admin, waiting]);
    renderView();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuse newcomer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refuse registration' });
    expect(writes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText(USER_MESSAGES.refused('newcomer'))).toBeTruthy();
    expect(writes).toEqual(['refuse 7']);
    await waitFor(() => expect(waitingList()).toBeNull());
    expect(screen.queryByText('newcomer')).toBeNull();
  });
});
