import { EXPORT_MESSAGES, EXPORT_MODE_DESCRIPTIONS, EXPORT_MODES, shopExportUnits, type ExportFormat, type ExportMode, type ExportUnits } from '@bosun/shared';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../components/ui/notify';
import { exportProducts, type ExportTarget } from '../../api/export-products';
import { useUnits } from '../../hooks/use-units';
import { WooCommerceExportOptions } from './woocommerce-export-options';
import { Dialog } from '../../../../components/ui/dialog';

const MODE_LABELS: Record<ExportMode, string> = { woocommerce: 'WooCommerce', direct: 'Direct' };
const FILE_TYPES: Array<{ value: ExportFormat; label: string; description: string }> = [
  { value: 'csv', label: 'CSV', description: 'Text, UTF-8 with a BOM: what WooCommerce and other shops import.' },
  { value: 'xlsx', label: 'Excel (.xlsx)', description: 'The same columns and values in a workbook, numbers as numbers; Bosun imports it back.' },
];

interface Props {
  opened: boolean;
  onClose: () => void;
  target: ExportTarget;
  /** What the export will contain, in words ('3 selected products', 'the 120 products the list shows'). */
  scope: string;
}

/** SPEC §2 Export dialog: a format, a file type (CSV or Excel), Cancel and Export CSV; for WooCommerce, the target store's units. */
export function ExportDialog({ opened, onClose, target, scope }: Props) {
  const [mode, setMode] = useState<ExportMode>('woocommerce');
  const [format, setFormat] = useState<ExportFormat>('csv');
  // Null until staff choose: the server then writes the shop's units, whatever the settings say by then.
  const [chosenUnits, setChosenUnits] = useState<ExportUnits | null>(null);
  const shop = useUnits();
  const [exporting, setExporting] = useState(false);

  const close = () => {
    setMode('woocommerce');
    setFormat('csv');
    setChosenUnits(null);
    onClose();
  };

  const submit = async () => {
    setExporting(true);
    try {
      await exportProducts(mode, target, mode === 'woocommerce' ? (chosenUnits ?? undefined) : undefined, format);
      notify.success(EXPORT_MESSAGES.success(mode));
      close();
    } catch {
      notify.error(EXPORT_MESSAGES.failed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title="Export Products" size="md">
      <Stack>
        <Text size="sm">Exports {scope} to {format === 'csv' ? 'a CSV file' : 'an Excel workbook'}.</Text>
        <Radio.Group label="Format" value={mode} onChange={(value) => setMode(value as ExportMode)}>
          <Stack gap="sm" mt={6}>
            {EXPORT_MODES.map((m) => (
              <Radio key={m} value={m} label={MODE_LABELS[m]} description={EXPORT_MODE_DESCRIPTIONS[m]} />
            ))}
          </Stack>
        </Radio.Group>
        {mode === 'woocommerce' && (
          <WooCommerceExportOptions
            units={chosenUnits ?? shopExportUnits({ weight_unit: shop.weight, dimension_unit: shop.dimension })}
            onChange={setChosenUnits}
          />
        )}
        <Radio.Group label="File type" value={format} onChange={(value) => setFormat(value as ExportFormat)}>
          <Stack gap="sm" mt={6}>
            {FILE_TYPES.map((t) => (
              <Radio key={t.value} value={t.value} label={t.label} description={t.description} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button leftSection={<IconFileExport size={16} />} loading={exporting} onClick={() => void submit()}>
            {format === 'csv' ? 'Export CSV' : 'Export Excel'}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
