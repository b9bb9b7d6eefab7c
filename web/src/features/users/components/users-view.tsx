import { USER_MESSAGES, type User } from '@bosun/shared';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { isForbidden } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-errors';
import { useApproveUser } from '../api/approve-user';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useRefuseUser } from '../api/refuse-user';
import { PendingUsers } from './pending-users';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';

const isWaiting = (user: User) => user.status === 'pending';

export function UsersView({ currentUserId, accessDeniedMessage }: { currentUserId: number; accessDeniedMessage: string }) {
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const approve = useApproveUser();
  const refuse = useRefuseUser();
  const busyId = approve.isPending ? (approve.variables ?? null) : refuse.isPending ? (refuse.variables ?? null) : null;
  // The user stays set while the modal closes, so its title does not flip to 'Add User' on the way out.
  const [form, setForm] = useState<{ opened: boolean; user: User | null }>({ opened: false, user: null });

  useEffect(() => {
    if (users.error && !isForbidden(users.error)) notify.error(USER_MESSAGES.loadFailed);
  }, [users.error, users.errorUpdatedAt]);

  const confirmDelete = (user: User) =>
    openConfirm({
      title: 'Delete user',
      children: `Are you sure you want to delete the user "${user.username}"? This cannot be undone.`,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteUser.mutateAsync(user.id);
          notify.success(USER_MESSAGES.deleted);
        } catch (error) {
          const message = errorMessage(error, USER_MESSAGES.deleteFailed);
          if (message === USER_MESSAGES.cannotDeleteSelf) notify.warning(message);
          else notify.error(message);
        }
      },
    });

  const approveUser = async (user: User) => {
    try {
      await approve.mutateAsync(user.id);
      notify.success(USER_MESSAGES.approved(user.username));
    } catch (error) {
      notify.error(errorMessage(error, USER_MESSAGES.approveFailed));
    }
  };

  const confirmRefuse = (user: User) =>
    openConfirm({
      title: 'Refuse registration',
      children: `Refuse "${user.username}" (${user.email})? The account is deleted; they may register again later.`,
      labels: { confirm: 'Refuse', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await refuse.mutateAsync(user.id);
          notify.success(USER_MESSAGES.refused(user.username));
        } catch (error) {
          notify.error(errorMessage(error, USER_MESSAGES.refuseFailed));
        }
      },
    });

  // An admin demoted in another tab gets a 403 here; that is a page they may no longer see.
  if (isForbidden(users.error)) return <AccessDenied message={accessDeniedMessage} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          User Management
        </Title>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setForm({ opened: true, user: null })}>
          Add User
        </Button>
      </Group>
      {users.isPending ? (
        <ContentLoader label="Loading users" />
      ) : users.isError ? (
        <ErrorPanel title={USER_MESSAGES.loadFailed} message={users.error.message} onRetry={() => users.refetch()} retrying={users.isFetching} />
      ) : (
        <>
          <PendingUsers users={users.data.filter(isWaiting)} onApprove={(user) => void approveUser(user)} onRefuse={confirmRefuse} busyId={busyId} />
          <Card withBorder padding={0}>
            <UsersTable
              users={users.data.filter((user) => !isWaiting(user))}
              currentUserId={currentUserId}
              onEdit={(user) => setForm({ opened: true, user })}
              onDelete={confirmDelete}
            />
          </Card>
        </>
      )}
      <UserFormModal opened={form.opened} user={form.user} onClose={() => setForm((current) => ({ ...current, opened: false }))} />
    </Stack>
  );
}
