import { Button, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface HistoryPageHeaderProps {
  title: string;
  /** What the screen holds, in a sentence. */
  description: string;
  /** The neighbouring screen of the history (Imports, Recent changes, Products). */
  link: { to: string; label: string; icon: ReactNode };
}

/** The title block the history's screens share: the title, what the screen holds, and a way to the screen next to it. */
export function HistoryPageHeader({ title, description, link }: HistoryPageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      <Button component={Link} to={link.to} variant="default" leftSection={link.icon}>
        {link.label}
      </Button>
    </Group>
  );
}
