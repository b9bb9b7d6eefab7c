import type { CategoryBody, CategoryNode } from '@bosun/shared';
import { Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { parentOptions } from '../category-tree-logic';
import {
  simpleCategoryFormDefaults,
  simpleCategoryFormResolver,
  type SimpleCategoryFormIntent,
  type SimpleCategoryFormValues,
} from '../simple-category-form-values';
import { FormActions, FormNativeSelect, useServerCheckedForm } from '../../../components/ui/form-fields';

export type SimpleCategoryServerFieldErrors = Partial<Record<'name' | 'description' | 'parent_id', string>>;

const DESCRIPTION_OPTIONS = [
  { value: 'store', label: 'Store' },
  { value: 'vendor', label: 'Vendor' },
];

/** Native options cannot be styled: the level shows as leading non-breaking spaces. */
const indent = (level: number) => '\u00a0\u00a0\u00a0\u00a0'.repeat(Math.max(0, level - 1));

interface SimpleCategoryFormProps {
  intent: SimpleCategoryFormIntent;
  tree: CategoryNode[];
  onSubmit: (body: CategoryBody) => Promise<SimpleCategoryServerFieldErrors | void>;
  onCancel: () => void;
}

export function SimpleCategoryForm({ intent, tree, onSubmit, onCancel }: SimpleCategoryFormProps) {
  const creating = intent.kind === 'create';
  const { form, input, submit } = useServerCheckedForm({
    resolver: simpleCategoryFormResolver(intent),
    defaultValues: simpleCategoryFormDefaults(intent),
    onSubmit,
  });
  const {
    control,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = form;
  const description = useWatch({ control, name: 'description' });

  // A parent must be of the same type and leave room below it (level under 5).
  const options = useMemo(() => (creating ? parentOptions(tree, { type: description }) : []), [creating, tree, description]);
  const parentData = useMemo(
    () => [{ value: '', label: 'No Parent (Root Category)' }, ...options.map((o) => ({ value: String(o.id), label: `${indent(o.level)}${o.name}` }))],
    [options],
  );

  // A parent of the other type is no longer a valid choice.
  const changeDescription = (next: SimpleCategoryFormValues['description']) => {
    const parentId = getValues('parent_id');
    if (parentId && !parentOptions(tree, { type: next }).some((o) => String(o.id) === parentId)) setValue('parent_id', '');
  };

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? 'Add category' : 'Edit category'}>
      <Stack gap="md">
        <TextInput label="Category Name" withAsterisk data-autofocus autoComplete="off" {...input('name')} />
        <FormNativeSelect
          control={control}
          name="description"
          label="Description"
          data={DESCRIPTION_OPTIONS}
          onValueChange={(next) => changeDescription(next as SimpleCategoryFormValues['description'])}
        />
        {creating && <FormNativeSelect control={control} name="parent_id" label="Parent Category" data={parentData} />}
        <FormActions mt="xs" submitLabel={creating ? 'Create' : 'Update'} submitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
