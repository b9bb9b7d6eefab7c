import { EXPORT_DIMENSION_UNITS, EXPORT_WEIGHT_UNITS, WOOCOMMERCE_IMPORT_NOTES, type ExportUnits } from '@bosun/shared';
import { Group, List, NativeSelect, Stack, Text } from '@mantine/core';

interface Props {
  units: ExportUnits;
  onChange: (units: ExportUnits) => void;
}

/**
 * The WooCommerce layout's options: the target store's units, and what WooCommerce's importer
 * does with the columns it does not map by itself, so staff know which to pick by hand.
 */
export function WooCommerceExportOptions({ units, onChange }: Props) {
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <NativeSelect
          label="Store weight unit"
          data={[...EXPORT_WEIGHT_UNITS]}
          value={units.weight_unit}
          onChange={(event) => onChange({ ...units, weight_unit: event.currentTarget.value as ExportUnits['weight_unit'] })}
        />
        <NativeSelect
          label="Store dimension unit"
          data={[...EXPORT_DIMENSION_UNITS]}
          value={units.dimension_unit}
          onChange={(event) => onChange({ ...units, dimension_unit: event.currentTarget.value as ExportUnits['dimension_unit'] })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {WOOCOMMERCE_IMPORT_NOTES.units}
      </Text>
      <Text size="sm" fw={500} id="woocommerce-import-notes">
        In WooCommerce&apos;s importer
      </Text>
      <List size="xs" spacing={4} aria-labelledby="woocommerce-import-notes">
        <List.Item>{WOOCOMMERCE_IMPORT_NOTES.gtin}</List.Item>
        <List.Item>{WOOCOMMERCE_IMPORT_NOTES.meta}</List.Item>
        <List.Item>{WOOCOMMERCE_IMPORT_NOTES.categoryPath}</List.Item>
      </List>
    </Stack>
  );
}
