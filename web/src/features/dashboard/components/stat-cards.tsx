import type { DashboardStats } from '@bosun/shared';
import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconPackage, IconStar } from '@tabler/icons-react';
import { StatCard } from '../../../components/ui/stat-card';
import { plural } from '../../../lib/format';

export function StatCards({ stats }: { stats: DashboardStats['stats'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard
        label="Total Products"
        value={stats.totalProducts}
        note={stats.totalVariations ? `and ${plural(stats.totalVariations, 'variation')}` : undefined}
        icon={<IconPackage size={24} />}
        color="blue"
      />
      <StatCard label="Active Vendors" value={stats.totalVendors} icon={<IconBuildingStore size={24} />} color="teal" />
      <StatCard label="Out of Stock" value={stats.outOfStock} icon={<IconAlertTriangle size={24} />} color="red" />
      <StatCard label="Featured" value={stats.featuredProducts} icon={<IconStar size={24} />} color="yellow" />
    </SimpleGrid>
  );
}
