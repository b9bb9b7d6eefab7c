import type { PriceField } from '@bosun/shared';
import { Group, NativeSelect } from '@mantine/core';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { FormNumericInput } from '../../../components/ui/numeric-input';
import { currencySymbol } from '../../../lib/format';
import { useCurrency } from '../../settings';
import { productNumberProblem } from '../model/product-form-values';
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
  const currency = useCurrency();
  return (
    <Group align="flex-start" grow wrap="nowrap">
      <NativeSelect label={`${PRICE_LABELS[field]} change`} data={PRICE_MODE_OPTIONS} {...register(`${field}_mode`)} />
      <FormNumericInput
        control={control}
        name={field}
        label={PRICE_LABELS[field]}
        // A price, an amount and a percentage are all at least 0 with 2 decimals: the price's rule says what is wrong.
        check={(value) => productNumberProblem(field, value)}
        leftSection={percent ? undefined : currencySymbol(currency)}
        rightSection={percent ? '%' : undefined}
        placeholder="No change"
      />
    </Group>
  );
}

/** A number of a bulk edit (stock, weight, sizes): empty means no change. */
export function BulkNumberBox({ control, name, label, integer }: { control: Control<BulkEditValues>; name: BulkNumberField | PriceField; label: string; integer?: boolean }) {
  return (
    <FormNumericInput control={control} name={name} label={label} integer={integer} check={(value) => productNumberProblem(name, value)} placeholder="No change" />
  );
}
