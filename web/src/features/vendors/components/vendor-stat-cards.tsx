import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconCategory, IconCircleCheck, IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VendorTotals } from '../vendor-list-options';

function StatCard({ label, value, icon, color }: { label: string; value: number; icon: ReactNode; color: string }) {
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

export function VendorStatCards({ totals }: { totals: VendorTotals }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard label="Total Vendors" value={totals.totalVendors} icon={<IconBuildingStore size={24} />} color="blue" />
      <StatCard label="Active Vendors" value={totals.activeVendors} icon={<IconCircleCheck size={24} />} color="green" />
      <StatCard label="Total Products" value={totals.totalProducts} icon={<IconPackage size={24} />} color="violet" />
      <StatCard label="Total Categories" value={totals.totalCategories} icon={<IconCategory size={24} />} color="orange" />
    </SimpleGrid>
  );
}
