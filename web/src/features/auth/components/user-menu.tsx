import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconSettings2, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogout } from '../api/logout';
import { ROLE_LABELS } from '../role-labels';
import { useCurrentUser } from '../session-context';
import { PreferencesModal } from './preferences-modal';
import { ProfileModal } from './profile-modal';

/** The header's account menu: who is signed in, and Profile, Preferences, Logout. */
export function UserMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  // A deliberate sign-out starts the next session on the dashboard, not on this user's last page.
  // (A promise, not mutate's callbacks: those are skipped once the shell unmounts on sign-out.)
  const signOut = () => void logout.mutateAsync().finally(() => navigate('/login', { replace: true }));
  const [profileOpened, profile] = useDisclosure(false);
  const [preferencesOpened, preferences] = useDisclosure(false);

  return (
    <>
      <Menu position="bottom-end" width={200} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label={`User menu: ${user.username}, ${ROLE_LABELS[user.role]}`} py={4} px={6} style={{ borderRadius: 8 }}>
            <Group gap={8} wrap="nowrap">
              <Avatar color="blue" radius="xl" size={32} aria-hidden>
                {user.username.charAt(0).toUpperCase()}
              </Avatar>
              <Box visibleFrom="sm" style={{ lineHeight: 1.1 }}>
                <Text size="sm" fw={600}>{user.username}</Text>
                <Text size="xs" c="dimmed">{ROLE_LABELS[user.role]}</Text>
              </Box>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUser size={16} />} onClick={profile.open}>Profile</Menu.Item>
          <Menu.Item leftSection={<IconSettings2 size={16} />} onClick={preferences.open}>Preferences</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut} disabled={logout.isPending}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileModal opened={profileOpened} onClose={profile.close} />
      <PreferencesModal opened={preferencesOpened} onClose={preferences.close} />
    </>
  );
}
