import { AUTH_MESSAGES } from '@bosun/shared';
import { Alert, Button, Flex, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconLogout, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { useLogout } from '../api/logout';
import { verifySessionQueryOptions } from '../api/verify-session';
import { useSession } from '../session-context';

/** How often the page asks whether an admin has approved the account meanwhile. */
const APPROVAL_POLL_MS = 30_000;

/**
 * All a self-registered account sees until an admin approves it (issue 24): the server answers
 * it nothing else. The page asks again now and then, and on 'Check again'; once the answer says
 * active, the session's user changes and the guard opens the shop on the page asked for.
 */
export function WaitingForApproval() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const [checked, setChecked] = useState(false);
  const verify = useQuery({ ...verifySessionQueryOptions(token ?? ''), enabled: token !== null, refetchInterval: APPROVAL_POLL_MS });
  const checkAgain = async () => {
    await verify.refetch();
    setChecked(true);
  };
  const signOut = () => void logout.mutateAsync().finally(() => navigate('/login', { replace: true }));

  return (
    <AuthLayout title={AUTH_MESSAGES.waitingTitle} subtitle={user ? `Signed in as ${user.username} (${user.email})` : undefined}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconClockHour4 size={28} color="var(--mantine-color-orange-6)" aria-hidden style={{ flexShrink: 0 }} />
          <Text>{AUTH_MESSAGES.waitingText}</Text>
        </Group>
        {checked && !verify.isFetching && (
          <Alert color="orange" variant="light" role="status">
            {AUTH_MESSAGES.stillWaiting}
          </Alert>
        )}
        {/* On a phone the two buttons stack full width, the main one on top. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
          <Button variant="default" leftSection={<IconLogout size={16} />} onClick={signOut} loading={logout.isPending}>
            Sign out
          </Button>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => void checkAgain()} loading={verify.isFetching}>
            Check again
          </Button>
        </Flex>
      </Stack>
    </AuthLayout>
  );
}
