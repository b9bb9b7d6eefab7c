import { MAX_CATEGORY_LEVEL, type CategoryBody, type CategoryNode } from '@bosun/shared';
import { Alert, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { categoryFormResolver, type CategoryFormValues } from '../category-form-values';
import { parentOptions } from '../category-tree-logic';
import type { VendorOption } from '../api/get-vendor-options';
import { FormActions, FormNativeSelect, useServerCheckedForm } from '../../../components/ui/form-fields';

export type CategoryServerFieldErrors = Partial<Record<'name' | 'type' | 'parent_id' | 'vendor_id', string>>;

const TYPE_OPTIONS = [
  { value: 'store', label: 'Store' },
  { value: 'vendor', label: 'Vendor' },
];

/** Long parent lists stay quick to open: the first matches show, typing narrows them. */
const PARENT_OPTIONS_SHOWN = 200;
const INDENT_PX_PER_LEVEL = 12;

interface CategoryFormProps {
  defaultValues: CategoryFormValues;
  /** The category being edited; none when adding. */
  editing?: CategoryNode;
  /** The whole tree, unfiltered: where parents are chosen from. */
  tree: CategoryNode[];
  vendors: VendorOption[];
  /** Resolves to the field messages the server returned (shown under the fields), or nothing. */
  onSubmit: (body: CategoryBody) => Promise<CategoryServerFieldErrors | void>;
  onCancel: () => void;
}

export function CategoryForm({ defaultValues, editing, tree, vendors, onSubmit, onCancel }: CategoryFormProps) {
  const editingId = editing?.id ?? null;
  const { form, input, submit } = useServerCheckedForm({ resolver: categoryFormResolver(editingId), defaultValues, onSubmit });
  const {
    control,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const type = useWatch({ control, name: 'type' });

  const options = useMemo(() => parentOptions(tree, { type, editingId }), [tree, type, editingId]);
  const optionsById = useMemo(() => new Map(options.map((option) => [String(option.id), option])), [options]);
  const parentData = useMemo(() => options.map((option) => ({ value: String(option.id), label: option.name })), [options]);
  const vendorData = useMemo(() => vendors.map((vendor) => ({ value: String(vendor.id), label: vendor.name })), [vendors]);
  const hasSubcategories = (editing?.subcategories?.length ?? 0) > 0;

  // A parent of the other type is no longer a valid choice.
  const changeType = (next: CategoryFormValues['type']) => {
    const parentId = getValues('parent_id');
    if (parentId !== null && !parentOptions(tree, { type: next, editingId }).some((o) => o.id === parentId)) setValue('parent_id', null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit category' : 'Add category'}>
      <Stack gap="md">
        {hasSubcategories && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="note">
            {CATEGORY_UI_MESSAGES.subcategoryLevelsWarning}
          </Alert>
        )}
        <TextInput label="Category Name" withAsterisk data-autofocus autoComplete="off" {...input('name')} />
        <FormNativeSelect
          control={control}
          name="type"
          label="Type"
          withAsterisk
          data={TYPE_OPTIONS}
          onValueChange={(next) => changeType(next as CategoryFormValues['type'])}
        />
        <Controller
          control={control}
          name="parent_id"
          render={({ field }) => (
            <Select
              label="Parent Category"
              description={`Only ${type} categories below level ${MAX_CATEGORY_LEVEL} can be parents`}
              placeholder="None (top-level category)"
              data={parentData}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear parent category', 'aria-hidden': false, tabIndex: 0 }}
              limit={PARENT_OPTIONS_SHOWN}
              nothingFoundMessage="No matching category"
              name={field.name}
              ref={field.ref}
              value={field.value === null ? null : String(field.value)}
              onChange={(value) => field.onChange(value === null ? null : Number(value))}
              onBlur={field.onBlur}
              error={errors.parent_id?.message}
              renderOption={({ option }) => {
                const parent = optionsById.get(option.value);
                return (
                  <Group gap={6} wrap="nowrap" style={{ paddingLeft: ((parent?.level ?? 1) - 1) * INDENT_PX_PER_LEVEL }}>
                    <Text size="sm">{option.label}</Text>
                    <Text size="xs" c="dimmed">
                      L{parent?.level}
                      {parent?.vendorName ? ` · ${parent.vendorName}` : ''}
                    </Text>
                  </Group>
                );
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="vendor_id"
          render={({ field }) => (
            <Select
              label="Vendor"
              placeholder="No vendor"
              data={vendorData}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear vendor', 'aria-hidden': false, tabIndex: 0 }}
              nothingFoundMessage="No matching vendor"
              name={field.name}
              ref={field.ref}
              value={field.value === null ? null : String(field.value)}
              onChange={(value) => field.onChange(value === null ? null : Number(value))}
              onBlur={field.onBlur}
              error={errors.vendor_id?.message}
            />
          )}
        />
        <FormActions mt="xs" submitLabel={editing ? 'Update Category' : 'Create Category'} submitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
