import { PRODUCT_MESSAGES } from '@bosun/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-client';

interface ListLoadErrorProps {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** A failed request while earlier rows are on screen: they stay, with this above them. */
export function StaleRowsAlert({ error, retrying, onRetry }: ListLoadErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} py={8}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {PRODUCT_MESSAGES.loadFailed}
          {isApiError(error) && error.status === 400 ? `: ${error.message}` : ''}. The table shows the last loaded results.
        </Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
      </Group>
    </Alert>
  );
}

/** A failed first request: nothing to show but the way to try again. */
export function ListLoadFailed({ retrying, onRetry }: Omit<ListLoadErrorProps, 'error'>) {
  return (
    <Stack align="center" p="xl" gap="xs">
      <Text fw={600}>{PRODUCT_MESSAGES.loadFailed}</Text>
      <Button size="xs" variant="light" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    </Stack>
  );
}
