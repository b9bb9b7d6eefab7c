import type { ImportPreviewResponse } from '@bosun/shared';
import { Alert, Checkbox, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { plural } from '../../../../lib/format';


export interface VendorChoices {
  moveVendors: boolean;
  createVendors: boolean;
}

interface Props extends VendorChoices {
  dryRun: ImportPreviewResponse['dryRun'];
  disabled: boolean;
  onChange: (choices: VendorChoices) => void;
}

/**
 * The preview's vendor questions (issue 19): the vendors a Vendor column names that do not exist
 * yet (created only when staff confirm), and the rows whose SKU belongs to another vendor (moved
 * only when staff let this file move products between vendors). Shown only when the dry run
 * found such rows; each says what checking it will do.
 */
export function VendorOptions({ dryRun, moveVendors, createVendors, disabled, onChange }: Props) {
  const newVendors = dryRun.newVendors ?? [];
  const other = dryRun.otherVendor;
  if (!newVendors.length && !other?.rows) return null;
  const newRows = newVendors.reduce((sum, v) => sum + v.rows, 0);
  return (
    <Stack gap="xs" aria-label="Vendors">
      {newVendors.length > 0 && (
        <Checkbox
          label={`Create ${plural(newVendors.length, 'new vendor')}: ${newVendors.map((v) => v.name).join(', ')}`}
          description={
            createVendors
              ? `The ${plural(newRows, 'row')} naming them are imported under the new vendors.`
              : `Unchecked, the ${plural(newRows, 'row')} naming them are not imported: each is a row error ('vendor … does not exist').`
          }
          checked={createVendors}
          disabled={disabled}
          onChange={(event) => onChange({ moveVendors, createVendors: event.currentTarget.checked })}
        />
      )}
      {other && other.rows > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={`${plural(other.rows, 'row')} of this file belong to other vendors`}>
          <Checkbox
            label="Let this file move products between vendors"
            description={
              moveVendors
                ? `These products (now ${other.vendors.join(', ')}) move to the vendor of their row and take the file's values when update mode is on.`
                : `Unchecked, these rows are skipped with the reason 'SKU … belongs to vendor …' (now ${other.vendors.join(', ')}), whether update mode is on or off.`
            }
            checked={moveVendors}
            disabled={disabled}
            onChange={(event) => onChange({ createVendors, moveVendors: event.currentTarget.checked })}
          />
        </Alert>
      )}
    </Stack>
  );
}
