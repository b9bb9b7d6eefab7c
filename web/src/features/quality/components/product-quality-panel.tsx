import { QUALITY_CHECKS } from '@bosun/shared';
import { Anchor, Card, Group, List, Progress, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useProductQuality } from '../api/get-product-quality';
import { queueUrl } from './quality-queues-card';

const completenessColor = (percent: number) => (percent >= 100 ? 'teal' : percent >= 70 ? 'yellow' : 'red');

/** A product's completeness (the share of switched-on checks it passes) and what it misses, each linking to its queue. */
export function ProductQualityPanel({ productId }: { productId: number }) {
  const quality = useProductQuality(productId);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="product-quality-title">
      <Group justify="space-between" mb="xs">
        <Title id="product-quality-title" order={3} size="h5">
          Completeness
        </Title>
        {quality.data && <Text fw={600}>{quality.data.completeness}%</Text>}
      </Group>
      {quality.isPending ? (
        <Text c="dimmed" size="sm">
          Checking…
        </Text>
      ) : quality.isError ? (
        <Text c="red" size="sm" role="alert">
          Could not load the quality checks
        </Text>
      ) : (
        <>
          <Progress value={quality.data.completeness} color={completenessColor(quality.data.completeness)} aria-label={`Completeness ${quality.data.completeness}%`} mb="sm" />
          {quality.data.failed.length === 0 ? (
            <Text size="sm" c="dimmed">
              Passes every quality check.
            </Text>
          ) : (
            <>
              <Text size="sm" mb={4}>
                Missing or wrong:
              </Text>
              <List size="sm" spacing={2}>
                {quality.data.failed.map((check) => (
                  <List.Item key={check}>
                    <Anchor component={Link} to={queueUrl(check)} size="sm">
                      {QUALITY_CHECKS[check].label}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </>
      )}
    </Card>
  );
}
