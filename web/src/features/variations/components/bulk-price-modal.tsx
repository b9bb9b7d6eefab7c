import { BULK_MESSAGES, PRICE_FIELDS, STOCK_STATUS_LABELS, STOCK_STATUSES, VARIATION_LEVEL_FIELDS, type BulkUpdateVariationsBody } from '@bosun/shared';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { notify } from '../../../components/ui/notify';
import { errorMessage, fieldErrorsFromApiError, showFieldMessages } from '../../../lib/api-errors';
import { BulkNumberBox, BulkPriceRow, emptyBulkEditValues, validateBulkUpdate, type BulkEditValues } from '../../products';
import { useBulkUpdateVariations } from '../api/bulk-update-variations';
import { plural } from '../../../lib/format';
import { Dialog } from '../../../components/ui/dialog';

/** What a bulk edit of variations may change: their prices, stock and stock status. */
const BULK_FIELDS: readonly string[] = [...VARIATION_LEVEL_FIELDS, 'stock_status'];
const STOCK_STATUS_CHOICES = [{ value: '', label: 'No change' }, ...STOCK_STATUSES.map((value) => ({ value, label: STOCK_STATUS_LABELS[value] }))];

interface BulkPriceModalProps {
  productId: number;
  ids: number[];
  opened: boolean;
  onClose: () => void;
}

/** Prices (set, ± amount, ± percent) and stock of the selected variations, with the products bulk edit's fields and rules. */
export function BulkPriceModal({ productId, ids, opened, onClose }: BulkPriceModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={`Edit prices and stock (${plural(ids.length, 'variation')})`} size="lg">
      {opened && <BulkPriceForm productId={productId} ids={ids} onClose={onClose} />}
    </Dialog>
  );
}

function BulkPriceForm({ productId, ids, onClose }: Omit<BulkPriceModalProps, 'opened'>) {
  const bulkUpdate = useBulkUpdateVariations();
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<BulkEditValues>({ defaultValues: emptyBulkEditValues() });

  const submit = handleSubmit(async (values) => {
    clearErrors();
    const checked = validateBulkUpdate(values);
    if (!checked.data) {
      if (!showFieldMessages(setError, checked.errors)) notify.error(BULK_MESSAGES.failed);
      return;
    }
    const updateData = Object.fromEntries(Object.entries(checked.data).filter(([field]) => BULK_FIELDS.includes(field)));
    if (!Object.keys(updateData).length) {
      notify.warning(BULK_MESSAGES.selectField);
      return;
    }
    try {
      const body: BulkUpdateVariationsBody = { ids, updateData, ...(values.allowSpecialBelowCost ? { allowSpecialBelowCost: true } : {}) };
      const { message } = await bulkUpdate.mutateAsync({ productId, body });
      notify.success(message);
      onClose();
    } catch (error) {
      // The server names a field inside updateData (updateData.list_price) or the field itself.
      const fields = fieldErrorsFromApiError(error, [...BULK_FIELDS, ...BULK_FIELDS.map((f) => `updateData.${f}`)]);
      for (const [key, message] of Object.entries(fields)) setError(key.replace('updateData.', '') as keyof BulkEditValues, { type: 'server', message });
      notify.error(errorMessage(error, BULK_MESSAGES.failed));
    }
  });
  const saving = formState.isSubmitting;

  return (
    <form onSubmit={submit} noValidate aria-label="Edit prices and stock">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Only the fields you fill in change; empty fields are left as they are.
        </Text>
        {PRICE_FIELDS.map((field) => (
          <BulkPriceRow key={field} control={control} register={register} field={field} />
        ))}
        <Checkbox label="Allow special price below vendor cost" {...register('allowSpecialBelowCost')} />
        <SimpleGrid cols={2}>
          <BulkNumberBox control={control} name="stock" label="Stock (set to)" integer />
          <NativeSelect label="Stock status" data={STOCK_STATUS_CHOICES} error={formState.errors.stock_status?.message} {...register('stock_status')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Update {plural(ids.length, 'variation')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
