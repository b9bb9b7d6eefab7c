import { PRICE_FIELDS, type PriceField } from '@bosun/shared';
import { Group, NativeSelect } from '@mantine/core';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { FormNumberInput } from '../../../components/ui/form-fields';
import { PRICE_MODE_OPTIONS, type BulkEditValues, type BulkNumberField } from '../model/bulk-edit-values';

export const PRICE_LABELS: Record<PriceField, string> = {
  list_price: 'List Price',
  market_price: 'Market Price',
  vendor_cost: 'Vendor Cost',
  special_price: 'Special Price',
};

/**
 * One price of a bulk edit: how it changes (set, ± amount, ± percent) and by what. The products
 * bulk edit and the variations screen's bulk edit share it, and with it the same rules.
 */
export function BulkPriceRow({ control, register, field }: { control: Control<BulkEditValues>; register: UseFormRegister<BulkEditValues>; field: PriceField }) {
  const mode = useWatch({ control, name: `${field}_mode` });
  const percent = mode.endsWith('percent');
  return (
    <Group align="flex-start" grow wrap="nowrap">
      <NativeSelect label={`${PRICE_LABELS[field]} change`} data={PRICE_MODE_OPTIONS} {...register(`${field}_mode`)} />
      <FormNumberInput
        control={control}
        name={field}
        label={PRICE_LABELS[field]}
        min={0}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        leftSection={percent ? undefined : '$'}
        rightSection={percent ? '%' : undefined}
        placeholder="No change"
      />
    </Group>
  );
}

/** A number of a bulk edit (stock, weight, sizes): empty means no change. */
export function BulkNumberBox({ control, name, label, integer }: { control: Control<BulkEditValues>; name: BulkNumberField | PriceField; label: string; integer?: boolean }) {
  return (
    <FormNumberInput
      control={control}
      name={name}
      label={label}
      min={0}
      step={PRICE_FIELDS.includes(name as PriceField) ? 0.01 : integer ? 1 : 0.1}
      allowDecimal={!integer}
      allowNegative={false}
      placeholder="No change"
    />
  );
}
