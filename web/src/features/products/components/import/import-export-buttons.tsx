import type { ProductFilterParams } from '@bosun/shared';
import { Button } from '@mantine/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import type { ExportTarget } from '../../api/export-products';
import { ExportDialog } from '../export/export-dialog';
import { ImportWizard } from './import-wizard';
import { plural } from '../../../../lib/format';

interface Props {
  /** The list's current filter: what an export without a selection contains. */
  filter: ProductFilterParams;
  selectedIds: number[];
  /** 'Select all matching' is on: the selection is the whole filter. */
  allMatching: boolean;
  total: number;
  vendorsAvailable: boolean;
  canCreateVendor: boolean;
}

const products = (n: number) => plural(n, 'product');

/** The list header's 'Import CSV' and 'Export CSV' buttons with the wizard and the dialog they open. */
export function ImportExportButtons({ filter, selectedIds, allMatching, total, vendorsAvailable, canCreateVendor }: Props) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const onlySelection = !allMatching && selectedIds.length > 0;
  const target: ExportTarget = onlySelection ? { ids: selectedIds } : { filter };
  const scope = onlySelection
    ? `the ${products(selectedIds.length)} selected`
    : Object.keys(filter).length > 0
      ? `the ${products(total)} matching the list's filters`
      : `all ${products(total)}`;

  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
        Import CSV
      </Button>
      <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={() => setExporting(true)}>
        Export CSV
      </Button>
      <ImportWizard opened={importing} onClose={() => setImporting(false)} vendorsAvailable={vendorsAvailable} canCreateVendor={canCreateVendor} />
      <ExportDialog opened={exporting} onClose={() => setExporting(false)} target={target} scope={scope} />
    </>
  );
}
