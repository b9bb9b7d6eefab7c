import type { User } from '@bosun/shared';
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconUserX } from '@tabler/icons-react';
import { ROLE_COLORS, ROLE_LABELS } from '../../auth';
import { formatDate } from '../../../lib/format';

interface Props {
  users: User[];
  onApprove: (user: User) => void;
  onRefuse: (user: User) => void;
  /** The account an approval or refusal is running for; its buttons wait. */
  busyId: number | null;
}

/**
 * The self-registered accounts waiting for an admin (issue 24), above the users table. Rows wrap
 * instead of scrolling sideways, so Approve and Refuse stay on screen on a phone.
 */
export function PendingUsers({ users, onApprove, onRefuse, busyId }: Props) {
  if (users.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pending-users-title" bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-3)' }}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="pending-users-title">
            Waiting for approval
          </Title>
          <Badge color="orange" variant="filled" circle aria-hidden>
            {users.length}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          These people registered themselves and cannot do anything yet. Approve gives the default shop manager permissions (products, categories and
          vendors), which you can change afterwards with Edit; Refuse deletes the account.
        </Text>
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Accounts waiting for approval">
          {users.map((user) => (
            <Group
              key={user.id}
              component="li"
              justify="space-between"
              gap="sm"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-orange-2)' }}
              aria-label={user.username}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Avatar radius="xl" size={32} color="orange" aria-hidden>
                  {user.username.charAt(0).toUpperCase()}
                </Avatar>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500} truncate>
                      {user.username}
                    </Text>
                    <Badge size="xs" color={ROLE_COLORS[user.role]} variant="light">
                      {ROLE_LABELS[user.role]}
                    </Badge>
                  </Group>
                  {/* The whole address, wrapped if need be: it is what an admin judges a stranger by. */}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Registered {formatDate(user.created_at)}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  color="teal"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => onApprove(user)}
                  loading={busyId === user.id}
                  aria-label={`Approve ${user.username}`}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconUserX size={14} />}
                  onClick={() => onRefuse(user)}
                  // Beside the Approve button's spinner, which says why.
                  disabled={busyId === user.id}
                  aria-label={`Refuse ${user.username}`}
                >
                  Refuse
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
