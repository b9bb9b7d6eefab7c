import { DASHBOARD_MESSAGES } from '@bosun/shared';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { isApiError } from '../../../lib/api-client';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { QualityQueuesCard } from '../../quality';
import { RecentProductsCard } from './recent-products-card';
import { StatCards } from './stat-cards';
import { StoreCategoriesCard } from './store-categories-card';
import { SupplierFeedsCard } from './supplier-feeds-card';
import { TopVendorsCard } from './top-vendors-card';

function statusLine(error: unknown): string {
  if (isApiError(error)) return `HTTP ${error.status}: ${error.statusText}`.trim();
  return error instanceof Error ? error.message : 'Network error';
}

/** `showQuality`: the user may read the products, and so the quality queues (issue 23). */
export function DashboardView({ username, showQuality = false }: { username: string; showQuality?: boolean }) {
  const dashboard = useDashboardStats();
  const { error, errorUpdatedAt, refetch, isFetching } = dashboard;

  // A refresh that worked says so (the figures may not change); a failed one is toasted below.
  const refresh = async () => {
    const result = await refetch();
    if (!result.isError) notify.success(DASHBOARD_MESSAGES.refreshed);
  };

  // One toast per failed load (after the retries), not one per render.
  useEffect(() => {
    if (error) notify.error(DASHBOARD_MESSAGES.toastFailed);
  }, [error, errorUpdatedAt]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed">Welcome back, {username}</Text>
        </div>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refresh()} loading={isFetching && !dashboard.isPending}>
          Refresh
        </Button>
      </Group>

      {dashboard.isPending && !dashboard.isError ? (
        <ContentLoader label="Loading dashboard" />
      ) : dashboard.isError ? (
        <ErrorPanel
          title={DASHBOARD_MESSAGES.panelFailed}
          message={statusLine(error)}
          detail={isApiError(error) ? error.message : undefined}
          onRetry={() => refetch()}
          retrying={isFetching}
        />
      ) : (
        <>
          <StatCards stats={dashboard.data.stats} />
          {dashboard.data.supplierFeeds && <SupplierFeedsCard feeds={dashboard.data.supplierFeeds} />}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TopVendorsCard vendors={dashboard.data.topVendors} />
            <StoreCategoriesCard categories={dashboard.data.storeCategories} />
          </SimpleGrid>
          {showQuality && <QualityQueuesCard />}
          <RecentProductsCard products={dashboard.data.recentProducts} />
        </>
      )}
    </Stack>
  );
}
