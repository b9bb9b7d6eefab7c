import type { User } from '@bosun/shared';
import { Avatar, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ROLE_COLORS, ROLE_LABELS } from '../../auth';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { formatDate } from '../../../lib/format';

interface UsersTableProps {
  users: User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

function UserName({ user, currentUserId }: { user: User; currentUserId: number }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar radius="xl" size={32} color={ROLE_COLORS[user.role]} aria-hidden>
        {user.username.charAt(0).toUpperCase()}
      </Avatar>
      <Text fw={500} truncate="end">
        {user.username}
      </Text>
      {user.id === currentUserId && (
        <Badge size="xs" variant="outline" color="gray" style={{ flex: 'none' }}>
          You
        </Badge>
      )}
    </Group>
  );
}

function UserActions({ user, currentUserId, onEdit, onDelete }: { user: User } & Omit<UsersTableProps, 'users'>) {
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => onEdit(user)} aria-label={`Edit ${user.username}`}>
        Edit
      </Button>
      {/* Nobody deletes their own account (the server refuses it too). */}
      {user.id !== currentUserId && (
        <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(user)} aria-label={`Delete ${user.username}`}>
          Delete
        </Button>
      )}
    </>
  );
}

/** On a phone one card per user, every field and button in sight without scrolling sideways. */
function UserCards({ users, ...rest }: UsersTableProps) {
  if (users.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No users found
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label="Users" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {users.map((user) => (
        <Card key={user.id} component="li" withBorder padding="sm" aria-label={user.username}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <UserName user={user} currentUserId={rest.currentUserId} />
            <Badge color={ROLE_COLORS[user.role]} variant="light" style={{ flex: 'none' }}>
              {ROLE_LABELS[user.role]}
            </Badge>
          </Group>
          <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group justify="space-between" mt="xs" gap="xs">
            <Text size="xs" c="dimmed">
              Created {formatDate(user.created_at)}
            </Text>
            <Group gap="xs">
              <UserActions user={user} {...rest} />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function UsersTable(props: UsersTableProps) {
  const phone = useIsPhone();
  const { users, currentUserId } = props;
  if (phone) return <UserCards {...props} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="lg">
                  No users found
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <UserName user={user} currentUserId={currentUserId} />
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <Badge color={ROLE_COLORS[user.role]} variant="light">
                    {ROLE_LABELS[user.role]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(user.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <UserActions user={user} {...props} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
