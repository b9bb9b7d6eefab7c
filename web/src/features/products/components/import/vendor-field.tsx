import { IMPORT_MESSAGES, PERMISSION_MESSAGES } from '@bosun/shared';
import { ActionIcon, Group, NativeSelect, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DisabledReason } from '../../../../components/ui/disabled-reason';
import type { VendorOption } from '../../api/get-vendor-options';

interface Props {
  vendors: VendorOption[];
  value: number | null;
  onChange: (vendorId: number | null) => void;
  onCreate: () => void;
  /** Creating a vendor needs the vendors permission; picking one needs only products (issue 24). */
  canCreate: boolean;
  loading?: boolean;
}

/** Said until a vendor is chosen: the mapping remembered for it is applied on choosing. */
export const VENDOR_FIRST_HINT = "Choose the vendor first: the mapping of this vendor's last import with these columns is applied.";

/** The vendor every imported product is assigned to, with '+' for a new one. */
export function VendorField({ vendors, value, onChange, onCreate, canCreate, loading }: Props) {
  // With no vendor to choose the import cannot start: say what to do about it.
  const empty = !loading && vendors.length === 0 ? (canCreate ? IMPORT_MESSAGES.noVendorsCanCreate : IMPORT_MESSAGES.noVendorsAskAdmin) : undefined;
  const create = (
    <ActionIcon variant="light" size={36} aria-label="Create New Vendor" onClick={onCreate} disabled={!canCreate}>
      <IconPlus size={18} />
    </ActionIcon>
  );
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NativeSelect
        label="Vendor"
        withAsterisk
        style={{ flex: 1 }}
        description={empty ?? (value === null ? VENDOR_FIRST_HINT : undefined)}
        data={[{ value: '', label: loading ? 'Loading vendors...' : 'Select a vendor' }, ...vendors.map((v) => ({ value: String(v.id), label: v.name }))]}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      />
      {canCreate ? (
        <Tooltip label="Create New Vendor">{create}</Tooltip>
      ) : (
        <DisabledReason reason={PERMISSION_MESSAGES.createVendor}>{create}</DisabledReason>
      )}
    </Group>
  );
}
