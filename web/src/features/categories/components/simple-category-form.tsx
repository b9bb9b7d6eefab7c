import type { CategoryBody, CategoryNode } from '@bosun/shared';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { parentOptions } from '../category-tree-logic';
import {
  simpleCategoryFormDefaults,
  simpleCategoryFormResolver,
  type SimpleCategoryFormIntent,
  type SimpleCategoryFormValues,
} from '../simple-category-form-values';
import { showFieldMessages } from '../../../lib/api-errors';

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SimpleCategoryFormValues, unknown, CategoryBody>({
    resolver: simpleCategoryFormResolver(intent),
    defaultValues: simpleCategoryFormDefaults(intent),
  });
  const description = useWatch({ control, name: 'description' });

  // A parent must be of the same type and leave room below it (level under 5).
  const options = useMemo(() => (creating ? parentOptions(tree, { type: description }) : []), [creating, tree, description]);
  const parentData = useMemo(
    () => [{ value: '', label: 'No Parent (Root Category)' }, ...options.map((o) => ({ value: String(o.id), label: `${indent(o.level)}${o.name}` }))],
    [options],
  );

  const submit = handleSubmit(async (body) => {
    showFieldMessages(setError, await onSubmit(body));
  });

  // A parent of the other type is no longer a valid choice.
  const changeDescription = (next: SimpleCategoryFormValues['description']) => {
    const parentId = getValues('parent_id');
    if (parentId && !parentOptions(tree, { type: next }).some((o) => String(o.id) === parentId)) setValue('parent_id', '');
  };

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? 'Add category' : 'Edit category'}>
      <Stack gap="md">
        <TextInput label="Category Name" withAsterisk data-autofocus autoComplete="off" error={errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <NativeSelect
              label="Description"
              data={DESCRIPTION_OPTIONS}
              error={errors.description?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                const next = event.currentTarget.value as SimpleCategoryFormValues['description'];
                field.onChange(next);
                changeDescription(next);
              }}
            />
          )}
        />
        {creating && (
          <Controller
            control={control}
            name="parent_id"
            render={({ field }) => (
              <NativeSelect
                label="Parent Category"
                data={parentData}
                error={errors.parent_id?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value)}
              />
            )}
          />
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {creating ? 'Create' : 'Update'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
