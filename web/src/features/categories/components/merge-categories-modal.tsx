import type { Category } from '@bosun/shared';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { productCountLabel } from '../category-tree-logic';
import { Dialog } from '../../../components/ui/dialog';

interface MergeCategoriesModalProps {
  opened: boolean;
  /** The two selected categories, of the same type. */
  categories: [Category, Category] | null;
  merging: boolean;
  onClose: () => void;
  /** Keeps `keep`; the other one's products and subcategories move into it. */
  onMerge: (keep: Category, remove: Category) => void;
}

export function MergeCategoriesModal({ opened, categories, merging, onClose, onMerge }: MergeCategoriesModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Merge Categories" size="md">
      {categories && <MergeForm key={categories.map((c) => c.id).join('-')} categories={categories} merging={merging} onClose={onClose} onMerge={onMerge} />}
    </Dialog>
  );
}

function MergeForm({ categories, merging, onClose, onMerge }: Omit<MergeCategoriesModalProps, 'opened' | 'categories'> & { categories: [Category, Category] }) {
  const [keepId, setKeepId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const keep = categories.find((c) => String(c.id) === keepId);
    const remove = categories.find((c) => String(c.id) !== keepId);
    if (!keep || !remove) {
      setError(CATEGORY_UI_MESSAGES.chooseKeep);
      return;
    }
    onMerge(keep, remove);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Merge categories">
      <Stack gap="md">
        <Text size="sm">
          The category you do not keep is deleted; its products and subcategories move into the one you keep.
        </Text>
        <Radio.Group
          label="Which category do you want to keep?"
          withAsterisk
          value={keepId}
          onChange={(value) => {
            setKeepId(value);
            setError(null);
          }}
          error={error}
        >
          <Stack gap="sm" mt="xs">
            {categories.map((category) => (
              <Radio
                key={category.id}
                value={String(category.id)}
                label={`Keep "${category.name}"`}
                description={`${category.type} · Level ${category.level} · ${productCountLabel(category.product_count)}${category.vendor_name ? ` · ${category.vendor_name}` : ''}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={merging}>
            Merge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
