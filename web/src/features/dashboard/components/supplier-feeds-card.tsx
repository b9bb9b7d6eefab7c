import { DASHBOARD_FEED_DAYS, type DashboardStats } from '@bosun/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '../../../lib/format';
import { ChangeTime, profileImportsPath } from '../../history';
import { TruncatedText } from '../../../components/ui/truncated-text';

type SupplierFeeds = NonNullable<DashboardStats['supplierFeeds']>;

const STATUS = { held: { label: 'Held', color: 'yellow' }, failed: { label: 'Failed', color: 'red' } } as const;

/** The run's vendor and what went wrong, in one line of text. */
const feedProblemText = (problem: SupplierFeeds['problems'][number]) =>
  `${problem.vendorName ? `${problem.vendorName} · ` : ''}${problem.message ?? (problem.status === 'held' ? 'Held at the dry run' : 'Failed')}`;

/**
 * Supplier feeds (issue 22): the held and failed feed runs of the last days that no later complete
 * run has put right, each opening its run on the Imports page (where a held one is applied or
 * dismissed); when there are none, it says every feed ran. The dashboard hides it when no profile has a feed.
 */
export function SupplierFeedsCard({ feeds }: { feeds: SupplierFeeds }) {
  const more = feeds.total - feeds.problems.length;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="supplier-feeds-title">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title id="supplier-feeds-title" order={3} size="h4">
          Supplier feeds
        </Title>
        <Anchor component={Link} to="/imports" size="sm">
          Imports
        </Anchor>
      </Group>
      {feeds.problems.length === 0 ? (
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm">
            {feeds.feedProfiles === 1 ? 'The supplier feed' : `All ${plural(feeds.feedProfiles, 'supplier feed')}`} ran as planned in the last {DASHBOARD_FEED_DAYS} days: none held or failed.
          </Text>
        </Group>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Feed runs to look at">
          {feeds.problems.map((problem) => (
            <li key={problem.importId}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={STATUS[problem.status].color} variant="light" miw={60} style={{ flex: 'none' }}>
                  {STATUS[problem.status].label}
                </Badge>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={profileImportsPath(problem.profileId, problem.importId)} fw={500} size="sm" truncate="end">
                      {problem.profileName}
                    </Anchor>
                    <ChangeTime at={problem.startedAt} size="xs" />
                  </Group>
                  <Text size="xs" c="dimmed" component="div">
                    <TruncatedText lines={2} full={feedProblemText(problem)}>
                      {feedProblemText(problem)}
                    </TruncatedText>
                  </Text>
                </div>
              </Group>
            </li>
          ))}
          {more > 0 && (
            <Text size="xs" c="dimmed" component="li">
              and {plural(more, 'more run')} on the Imports page
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
