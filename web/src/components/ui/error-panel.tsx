import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

interface ErrorPanelProps {
  title: string;
  message: string;
  /** e.g. 'HTTP 500: Internal Server Error', shown under the message when it adds something. */
  detail?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorPanel({ title, message, detail, onRetry, retrying }: ErrorPanelProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {detail && detail !== message && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
        {onRetry && (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={retrying}>
            Try Again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
