import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** The page a signed-in user sees where their role or permissions do not reach. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <Center mih={320}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2}>Access Denied</Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
