import { EXPORT_MESSAGES, EXPORT_MODE_DESCRIPTIONS, EXPORT_MODES, shopExportUnits, type ExportMode, type ExportUnits } from '@bosun/shared';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../components/ui/notify';
import { exportProducts, type ExportTarget } from '../../api/export-products';
import { useUnits } from '../../hooks/use-units';
import { WooCommerceExportOptions } from './woocommerce-export-options';

const MODE_LABELS: Record<ExportMode, string> = { woocommerce: 'WooCommerce', direct: 'Direct' };

interface Props {
  opened: boolean;
  onClose: () => void;
  target: ExportTarget;
  /** What the export will contain, in words ('3 selected products', 'the 120 products the list shows'). */
  scope: string;
}

/** SPEC §2 Export dialog: a format, Cancel and Export CSV; for WooCommerce, the target store's units. */
export function ExportDialog({ opened, onClose, target, scope }: Props) {
  const [mode, setMode] = useState<ExportMode>('woocommerce');
  // Null until staff choose: the server then writes the shop's units, whatever the settings say by then.
  const [chosenUnits, setChosenUnits] = useState<ExportUnits | null>(null);
  const shop = useUnits();
  const [exporting, setExporting] = useState(false);

  const close = () => {
    setMode('woocommerce');
    setChosenUnits(null);
    onClose();
  };

  const submit = async () => {
    setExporting(true);
    try {
      await exportProducts(mode, target, mode === 'woocommerce' ? (chosenUnits ?? undefined) : undefined);
      notify.success(EXPORT_MESSAGES.success(mode));
      close();
    } catch {
      notify.error(EXPORT_MESSAGES.failed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Export Products" size="md">
      <Stack>
        <Text size="sm">Exports {scope} to a CSV file.</Text>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button leftSection={<IconFileExport size={16} />} loading={exporting} onClick={() => void submit()}>
            Export CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
