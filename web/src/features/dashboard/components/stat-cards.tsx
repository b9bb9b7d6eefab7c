import type { DashboardStats } from '@bosun/shared';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconPackage, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
}

function StatCard({ label, value, icon, color }: StatCardProps) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} mt={4}>
            {value.toLocaleString('en-US')}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function StatCards({ stats }: { stats: DashboardStats['stats'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard label="Total Products" value={stats.totalProducts} icon={<IconPackage size={24} />} color="blue" />
      <StatCard label="Active Vendors" value={stats.totalVendors} icon={<IconBuildingStore size={24} />} color="teal" />
      <StatCard label="Out of Stock" value={stats.outOfStock} icon={<IconAlertTriangle size={24} />} color="red" />
      <StatCard label="Featured" value={stats.featuredProducts} icon={<IconStar size={24} />} color="yellow" />
    </SimpleGrid>
  );
}
