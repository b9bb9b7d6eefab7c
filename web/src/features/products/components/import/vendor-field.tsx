import { ActionIcon, Group, NativeSelect, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { VendorOption } from '../../api/get-vendor-options';

interface Props {
  vendors: VendorOption[];
  value: number | null;
  onChange: (vendorId: number | null) => void;
  onCreate: () => void;
  loading?: boolean;
}

/** The vendor every imported product is assigned to, with '+' for a new one. */
export function VendorField({ vendors, value, onChange, onCreate, loading }: Props) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NativeSelect
        label="Vendor"
        withAsterisk
        style={{ flex: 1 }}
        data={[{ value: '', label: loading ? 'Loading vendors...' : 'Select a vendor' }, ...vendors.map((v) => ({ value: String(v.id), label: v.name }))]}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      />
      <Tooltip label="Create New Vendor">
        <ActionIcon variant="light" size={36} aria-label="Create New Vendor" onClick={onCreate}>
          <IconPlus size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
