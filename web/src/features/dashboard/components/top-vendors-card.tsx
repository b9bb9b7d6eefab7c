import { DASHBOARD_TOP_VENDORS, type DashboardStats } from '@bosun/shared';
import { Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { CountBar } from './count-bar';
import { TruncatedText } from '../../../components/ui/truncated-text';
import { plural } from '../../../lib/format';

/** The share of a vendor's products without a shop category, in whole percent (at least 1 when any). */
export const unmappedShare = (unmapped: number, products: number) => `${products ? Math.max(1, Math.round((100 * unmapped) / products)) : 0}%`;

export function TopVendorsCard({ vendors }: { vendors: DashboardStats['topVendors'] }) {
  const top = vendors.slice(0, DASHBOARD_TOP_VENDORS);
  const largest = Math.max(0, ...top.map((v) => v.product_count));
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
              <CountBar
                name={vendor.name}
                count={vendor.product_count}
                largest={largest}
                label={
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge variant="light" color="blue" radius="sm" miw={36} style={{ flex: 'none' }}>
                      #{index + 1}
                    </Badge>
                    <Text fw={500} component="div" miw={0}>
                      <TruncatedText full={vendor.name}>{vendor.name}</TruncatedText>
                    </Text>
                    {vendor.unmapped_count > 0 && (
                      <Tooltip label={`${plural(vendor.unmapped_count, 'product')} without a shop category`} withArrow events={{ hover: true, focus: false, touch: true }}>
                        <Text size="xs" c="orange.8" style={{ flex: 'none' }}>
                          {unmappedShare(vendor.unmapped_count, vendor.product_count)} unmapped
                        </Text>
                      </Tooltip>
                    )}
                  </Group>
                }
              />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
