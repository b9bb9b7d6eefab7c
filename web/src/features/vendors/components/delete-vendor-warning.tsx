import type { Vendor } from '@bosun/shared';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { plural } from '../../../lib/format';


/** What else goes with the vendor, from its own counts. */
export function cascadeSummary(vendor: Pick<Vendor, 'category_count' | 'product_count'>): string {
  if (vendor.category_count === 0 && vendor.product_count === 0) {
    return 'This vendor has no categories or products, so nothing else will be deleted.';
  }
  return `This will also permanently delete ${plural(vendor.category_count, 'category', 'categories')} and ${plural(
    vendor.product_count,
    'product',
    'products',
  )} associated with this vendor.`;
}

export function DeleteVendorWarning({ vendor }: { vendor: Vendor }) {
  const cascades = vendor.category_count > 0 || vendor.product_count > 0;
  return (
    <Stack gap="sm">
      <Text size="sm">Are you sure you want to delete the vendor &quot;{vendor.name}&quot;?</Text>
      <Alert color={cascades ? 'red' : 'gray'} variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
        <Text size="sm">{cascadeSummary(vendor)}</Text>
        <Text size="sm" fw={500} mt={4}>
          This cannot be undone.
        </Text>
      </Alert>
    </Stack>
  );
}
