import { DASHBOARD_TOP_VENDORS, vendorBarPercent, type DashboardStats } from '@bosun/shared';
import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { plural } from '../../../lib/format';

export function TopVendorsCard({ vendors }: { vendors: DashboardStats['topVendors'] }) {
  const top = vendors.slice(0, DASHBOARD_TOP_VENDORS);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="top-vendors-title">
      <Title id="top-vendors-title" order={3} size="h4" mb="md">
        Top Vendors
      </Title>
      {top.length === 0 ? (
        <Text c="dimmed" size="sm">
          No vendors yet
        </Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {top.map((vendor, index) => (
            <li key={vendor.id}>
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" color="blue" radius="sm" miw={36} style={{ flex: 'none' }}>
                    #{index + 1}
                  </Badge>
                  <Text fw={500} truncate="end">
                    {vendor.name}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
                  {plural(vendor.product_count, 'product')}
                </Text>
              </Group>
              <Progress value={vendorBarPercent(vendor.product_count)} size="sm" aria-label={`${vendor.name}: ${plural(vendor.product_count, 'product')}`} />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
