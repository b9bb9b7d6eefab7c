import type { CategoryMappingRow, MappingApplyMode, StoreCategoryRef } from '@bosun/shared';
import { plural } from '@bosun/shared';
import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { previewCategoryMappings } from '../api/preview-category-mappings';
import { useSaveCategoryMappings } from '../api/save-category-mappings';
import { StoreCategoryPicker } from './store-category-picker';
import { Dialog } from '../../../components/ui/dialog';

interface MapCategoryModalProps {
  row: CategoryMappingRow | null;
  onClose: () => void;
}

/** Picks a vendor category's shop category, shows how many products it reaches, then maps and applies. */
export function MapCategoryModal({ row, onClose }: MapCategoryModalProps) {
  return (
    <Dialog opened={row !== null} onClose={onClose} title="Map vendor category" size="lg">
      {row && <MapForm key={row.id} row={row} onClose={onClose} />}
    </Dialog>
  );
}

function MapForm({ row, onClose }: { row: CategoryMappingRow; onClose: () => void }) {
  const [store, setStore] = useState<StoreCategoryRef | null>(row.mapping ?? row.suggestions[0] ?? null);
  const [apply, setApply] = useState<MappingApplyMode>('missing');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCategoryMappings();
  const mappings = store ? [{ vendor_category_id: row.id, store_category_id: store.id }] : [];
  const preview = useQuery({
    queryKey: ['category-mappings', 'preview', row.id, store?.id],
    queryFn: () => previewCategoryMappings({ mappings, apply: 'none' }),
    enabled: store !== null,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!store) {
      setError('Choose a shop category');
      return;
    }
    save.mutate(
      { mappings, apply },
      {
        onSuccess: (result) => {
          notify.success(result.message);
          onClose();
        },
        onError: (err) => notify.error(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Map vendor category">
      <Stack gap="md">
        <Text size="sm">
          <b>{row.path}</b>
          {row.vendor_name ? ` (${row.vendor_name})` : ''}: its products, and those of its subcategories without a mapping of their own, take the shop category.
        </Text>
        <StoreCategoryPicker
          value={store}
          onChange={(value) => {
            setStore(value);
            setError(null);
          }}
          error={error}
        />
        {store && (
          <Radio.Group label="Apply to products" value={apply} onChange={(value) => setApply(value as MappingApplyMode)}>
            {preview.isPending ? (
              <Loader size="sm" mt="xs" aria-label="Counting products" />
            ) : preview.data ? (
              <Stack gap="xs" mt="xs">
                <Radio value="missing" label={`Only products without a shop category (${plural(preview.data.missing, 'product')})`} />
                <Radio value="override" label={`Override: also the ${plural(preview.data.other, 'product')} with another shop category (${plural(preview.data.missing + preview.data.other, 'product')} in all)`} />
                <Radio value="none" label="None now: only future imports and new products" />
              </Stack>
            ) : (
              <Alert color="red" mt="xs">
                {preview.error?.message ?? 'Could not count the products'}
              </Alert>
            )}
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Map
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
