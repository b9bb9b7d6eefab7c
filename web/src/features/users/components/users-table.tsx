import type { User } from '@bosun/shared';
import { Avatar, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ROLE_COLORS, ROLE_LABELS } from '../../auth';
import { formatDate } from '../../../lib/format';

interface UsersTableProps {
  users: User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
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
                  <Group gap="sm" wrap="nowrap">
                    <Avatar radius="xl" size={32} color={ROLE_COLORS[user.role]} aria-hidden>
                      {user.username.charAt(0).toUpperCase()}
                    </Avatar>
                    <Text fw={500}>{user.username}</Text>
                    {user.id === currentUserId && (
                      <Badge size="xs" variant="outline" color="gray">
                        You
                      </Badge>
                    )}
                  </Group>
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
                    <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => onEdit(user)} aria-label={`Edit ${user.username}`}>
                      Edit
                    </Button>
                    {/* Nobody deletes their own account (the server refuses it too). */}
                    {user.id !== currentUserId && (
                      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(user)} aria-label={`Delete ${user.username}`}>
                        Delete
                      </Button>
                    )}
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
