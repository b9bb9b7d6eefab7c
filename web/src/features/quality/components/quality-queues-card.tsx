import { QUALITY_MESSAGES, type QualitySummary } from '@bosun/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useQualitySummary } from '../api/get-quality-summary';

/** The product list showing one queue: the list reads the problem from the address. */
export const queueUrl = (check: string) => `/products?problem=${encodeURIComponent(check)}`;

/** The dashboard's 'Catalogue quality' card: each switched-on queue's count, linking to its list (where bulk edit fixes it). */
export function QualityQueuesCard() {
  const summary = useQualitySummary();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="quality-title">
      <Title id="quality-title" order={3} size="h4" mb="md">
        Catalogue quality
      </Title>
      {summary.isPending ? (
        <Text c="dimmed" size="sm">
          Counting…
        </Text>
      ) : summary.isError ? (
        <Text c="red" size="sm" role="alert">
          {QUALITY_MESSAGES.summaryFailed}
        </Text>
      ) : (
        <QueueList queues={summary.data.queues} />
      )}
    </Card>
  );
}

function QueueList({ queues }: { queues: QualitySummary['queues'] }) {
  if (queues.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Every quality check is switched off in Settings.
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {queues.map((queue) => (
        <Group key={queue.check} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to={queueUrl(queue.check)} size="sm" truncate="end" aria-label={`${queue.label}: ${formatCount(queue.count)} products`}>
            {queue.label}
          </Anchor>
          <Badge variant="light" color={queue.count > 0 ? 'orange' : 'teal'} style={{ flex: 'none' }}>
            {formatCount(queue.count)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
