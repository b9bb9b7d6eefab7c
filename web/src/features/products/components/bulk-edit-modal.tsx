import { BULK_MESSAGES, MAX_TAGS, PRICE_FIELDS, STOCK_STATUS_LABELS, STOCK_STATUSES, tagKey } from '@bosun/shared';
import { Checkbox, NativeSelect, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { notify } from '../../../components/ui/notify';
import { errorMessage, fieldErrorsFromApiError, showFieldMessages } from '../../../lib/api-errors';
import { canPickCategories, canPickVendors, useCurrentUser } from '../../auth';
import { useUndoActions } from '../../history';
import { useBulkUpdateProducts, type BulkUpdateTarget } from '../api/bulk-update-products';
import { useAllCategories } from '../api/get-categories';
import { useVendorCategories } from '../api/get-vendor-categories';
import { useVendorOptions } from '../api/get-vendor-options';
import { useUnits } from '../hooks/use-units';
import {
  BULK_NUMBER_FIELDS,
  BULK_TEXT_FIELDS,
  emptyBulkEditValues,
  toBulkUpdateData,
  validateBulkUpdate,
  type BulkEditValues,
} from '../model/bulk-edit-values';
import { storeCategoryOptions, treeToOptions } from '../model/category-options';
import { BulkNumberBox, BulkPriceRow } from './bulk-edit-fields';
import { FormSection, StickyFormActions } from './form-layout';
import { plural } from '../../../lib/format';
import { Dialog } from '../../../components/ui/dialog';

interface BulkEditModalProps {
  opened: boolean;
  /** The selected ids, or the list's filter when 'select all matching' is on. */
  target: BulkUpdateTarget;
  /** How many products the target holds, as the bulk bar shows it. */
  count: number;
  onClose: () => void;
}

const NO_CHANGE = { value: '', label: 'No change' };
const TRI_STATE = [NO_CHANGE, { value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];
const STOCK_STATUS = [NO_CHANGE, ...STOCK_STATUSES.map((value) => ({ value, label: STOCK_STATUS_LABELS[value] }))];
const VISIBILITY = [NO_CHANGE, { value: 'public', label: 'Public' }, { value: 'private', label: 'Private' }, { value: 'hidden', label: 'Hidden' }];
const ALL_FIELDS = [...BULK_TEXT_FIELDS, ...BULK_NUMBER_FIELDS, ...PRICE_FIELDS, 'vendor_id', 'vendor_category_id', 'store_category_id', 'published', 'featured', 'visibility', 'add_tags', 'remove_tags'] as const;

/** Tags to add or to remove, as chips (the same tag whatever its ASCII case, as the server reads it). */
function BulkTagsBox({ control, name, label }: { control: Control<BulkEditValues>; name: 'add_tags' | 'remove_tags'; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TagsInput
          label={label}
          placeholder={field.value.length ? undefined : 'No change'}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          maxTags={MAX_TAGS}
          isDuplicate={(value, current) => current.some((tag) => tagKey(tag) === tagKey(value.trim()))}
          clearable
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Bulk Edit (SPEC §2, §5): every editable field but the SKU, all empty; only the filled ones are sent. */
export function BulkEditModal({ opened, target, count, onClose }: BulkEditModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={`Bulk Edit (${plural(count, 'product')})`} size="xl">
      {opened && <BulkEditForm target={target} onClose={onClose} />}
    </Dialog>
  );
}

function BulkEditForm({ target, onClose }: { target: BulkUpdateTarget; onClose: () => void }) {
  const user = useCurrentUser();
  const units = useUnits();
  const bulkUpdate = useBulkUpdateProducts();
  const { undoNow } = useUndoActions();
  const { register, control, handleSubmit, setError, clearErrors, setValue, formState } = useForm<BulkEditValues>({ defaultValues: emptyBulkEditValues() });
  const errors = formState.errors;
  const vendorId = useWatch({ control, name: 'vendor_id' });
  const vendors = useVendorOptions({ enabled: canPickVendors(user) });
  const categoriesAvailable = canPickCategories(user);
  const vendorCategories = useVendorCategories(vendorId ? Number(vendorId) : null, { enabled: categoriesAvailable });
  const allCategories = useAllCategories({ enabled: categoriesAvailable });

  const submit = handleSubmit(async (values) => {
    clearErrors();
    if (Object.keys(toBulkUpdateData(values)).length === 0) {
      notify.warning(BULK_MESSAGES.selectField);
      return;
    }
    const checked = validateBulkUpdate(values);
    if (!checked.data) {
      if (!showFieldMessages(setError, checked.errors)) notify.error(BULK_MESSAGES.failed);
      return;
    }
    try {
      const { message, changeId } = await bulkUpdate.mutateAsync({ target, updateData: checked.data, allowSpecialBelowCost: values.allowSpecialBelowCost });
      // The edit is recorded: the toast takes it back in one click.
      notify.success(message, typeof changeId === 'number' ? { label: 'Undo', onClick: () => void undoNow(changeId) } : undefined);
      onClose();
    } catch (error) {
      const fields = fieldErrorsFromApiError(error, ALL_FIELDS);
      Object.entries(fields).forEach(([field, message]) => setError(field as keyof BulkEditValues, { type: 'server', message: message as string }));
      notify.error(errorMessage(error, BULK_MESSAGES.failed));
    }
  });
  const saving = formState.isSubmitting;
  const text = (name: (typeof BULK_TEXT_FIELDS)[number], label: string) => (
    <TextInput label={label} placeholder="No change" autoComplete="off" error={errors[name]?.message} {...register(name)} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Bulk edit products">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Only the fields you fill in change; empty fields are left as they are.
        </Text>
        <FormSection title="Basic Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('name', 'Product Name')}
            {text('brand', 'Brand')}
            {text('mfn', 'MFN')}
            {text('gtin', 'GTIN (UPC/EAN/ISBN)')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect label="Published" data={TRI_STATE} error={errors.published?.message} {...register('published')} />
            <NativeSelect label="Featured" data={TRI_STATE} error={errors.featured?.message} {...register('featured')} />
            <NativeSelect label="Visibility" data={VISIBILITY} error={errors.visibility?.message} {...register('visibility')} />
          </SimpleGrid>
        </FormSection>
        <FormSection title="Pricing">
          {PRICE_FIELDS.map((field) => (
            <BulkPriceRow key={field} control={control} register={register} field={field} />
          ))}
          <Checkbox label="Allow special price below vendor cost" {...register('allowSpecialBelowCost')} />
        </FormSection>
        <FormSection title="Inventory & Shipping">
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <BulkNumberBox control={control} name="stock" label="Stock" integer />
            <NativeSelect label="Stock status" data={STOCK_STATUS} error={errors.stock_status?.message} {...register('stock_status')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <BulkNumberBox control={control} name="weight" label={`Weight (${units.weight})`} />
            <BulkNumberBox control={control} name="length" label={`Length (${units.dimension})`} />
            <BulkNumberBox control={control} name="width" label={`Width (${units.dimension})`} />
            <BulkNumberBox control={control} name="height" label={`Height (${units.dimension})`} />
          </SimpleGrid>
        </FormSection>
        <FormSection title="Categories">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Vendor"
              data={[NO_CHANGE, ...(vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))]}
              error={errors.vendor_id?.message}
              {...register('vendor_id', { onChange: () => setValue('vendor_category_id', '') })}
            />
            <NativeSelect
              label="Vendor Category"
              data={[{ value: '', label: vendorId ? 'No change' : 'Choose a vendor first' }, ...(vendorId ? treeToOptions(vendorCategories.data ?? []) : [])]}
              disabled={!vendorId}
              error={errors.vendor_category_id?.message}
              {...register('vendor_category_id')}
            />
            <NativeSelect
              label="Store Category"
              data={[NO_CHANGE, ...storeCategoryOptions(allCategories.data ?? [])]}
              error={errors.store_category_id?.message}
              {...register('store_category_id')}
            />
            {text('google_category', 'Google Category')}
          </SimpleGrid>
        </FormSection>
        <FormSection title="Tags">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BulkTagsBox control={control} name="add_tags" label="Add tags" />
            <BulkTagsBox control={control} name="remove_tags" label="Remove tags" />
          </SimpleGrid>
        </FormSection>
        <FormSection title="Descriptions">
          <Textarea label="Short Description (HTML)" placeholder="No change" rows={2} resize="vertical" error={errors.short_description?.message} {...register('short_description')} />
          <Textarea label="Description (HTML)" placeholder="No change" rows={3} resize="vertical" error={errors.description?.message} {...register('description')} />
        </FormSection>
        <FormSection title="SEO & Images">
          {text('meta_title', 'Meta Title')}
          {text('meta_description', 'Meta Description')}
          {text('meta_keywords', 'Meta Keywords')}
          {text('image_url', 'Image URL')}
          <Textarea label="Additional Images" description="One address per line; replaces the current list" placeholder="No change" rows={2} resize="vertical" error={errors.images?.message} {...register('images')} />
        </FormSection>
        <StickyFormActions submitLabel="Update Products" savingLabel="Updating..." saving={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
