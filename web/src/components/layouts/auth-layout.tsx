import { Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A centred card for the signed-out screens. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box mih="100vh" bg="gray.0" py={48} px="md">
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <Image src="/logo-fallback.svg" alt="" w={56} h={56} />
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" ta="center">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
