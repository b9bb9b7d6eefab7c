import type { Category } from '@bosun/shared';
import { Alert, Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconArrowsSort, IconCategory, IconSearch } from '@tabler/icons-react';
import type { SortState } from '../hooks/use-product-list-state';
import { columnLabel } from '../model/product-columns';
import { plural } from '../../../lib/format';

interface ListBannersProps {
  sort: SortState | null;
  search: string;
  vendorCategoryIds: readonly number[];
  storeCategoryIds: readonly number[];
  /** Every known category by id, for names, types and levels. */
  categoriesById: ReadonlyMap<number, Category>;
  /** Products matching the current filters; undefined while the first answer is on its way. */
  total: number | undefined;
  onClearSort: () => void;
  onClearSearch: () => void;
  onClearCategories: () => void;
  onRemoveCategory: (id: number, type: 'vendor' | 'store') => void;
}

const products = (total: number | undefined) => (total === undefined ? '…' : plural(total, 'product'));

function Banner({ icon, label, children, action }: { icon: React.ReactNode; label: string; children: React.ReactNode; action: React.ReactNode }) {
  return (
    <Alert variant="light" color="blue" py={8} icon={icon} role="status" aria-label={label}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
        {action}
      </Group>
    </Alert>
  );
}

/** What narrows or orders the list right now, each with its own way out. */
export function ListBanners(props: ListBannersProps) {
  const { sort, search, vendorCategoryIds, storeCategoryIds, categoriesById, total } = props;
  const selected = [
    ...vendorCategoryIds.map((id) => ({ id, type: 'vendor' as const })),
    ...storeCategoryIds.map((id) => ({ id, type: 'store' as const })),
  ];
  const kinds = [vendorCategoryIds.length > 0 && 'vendor', storeCategoryIds.length > 0 && 'store'].filter(Boolean);
  const kindText = kinds.length === 2 ? 'vendor and store category' : `${kinds[0]} category`;

  return (
    <>
      {sort && (
        <Banner
          icon={<IconArrowsSort size={18} />}
          label="Sort"
          action={
            <Button size="compact-sm" variant="white" onClick={props.onClearSort}>
              Clear Sort
            </Button>
          }
        >
          <Text size="sm">
            Sorted by <b>{columnLabel(sort.column)}</b> ({sort.order === 'asc' ? 'ascending' : 'descending'})
          </Text>
        </Banner>
      )}
      {selected.length > 0 && (
        <>
          <Banner
            icon={<IconCategory size={18} />}
            label="Category filter"
            action={
              <Button size="compact-sm" variant="white" onClick={props.onClearCategories}>
                Clear Category Filter
              </Button>
            }
          >
            <Text size="sm">
              Filtered by {kindText}: {products(total)} in {plural(selected.length, 'category', 'categories')}{' '}
              (subcategories included)
            </Text>
          </Banner>
          <Alert variant="outline" color="gray" py={8} role="region" aria-label="Selected categories">
            <Group justify="space-between" gap="sm" align="flex-start">
              <Group gap={6} style={{ flex: 1 }}>
                <Text size="sm" fw={600}>
                  Selected categories:
                </Text>
                {selected.map(({ id, type }) => {
                  const category = categoriesById.get(id);
                  const name = category?.name ?? `Category #${id}`;
                  return (
                    <Badge
                      key={`${type}-${id}`}
                      variant="light"
                      color={type === 'vendor' ? 'grape' : 'cyan'}
                      size="lg"
                      rightSection={<CloseButton size="xs" aria-label={`Remove ${name}`} onClick={() => props.onRemoveCategory(id, type)} />}
                    >
                      {name} · {(category?.description ?? type) === 'vendor' ? 'Vendor' : 'Store'}
                      {category ? ` · L${category.level}` : ''}
                    </Badge>
                  );
                })}
              </Group>
              <Button size="compact-sm" variant="subtle" onClick={props.onClearCategories}>
                Clear All
              </Button>
            </Group>
          </Alert>
        </>
      )}
      {search && (
        <Banner
          icon={<IconSearch size={18} />}
          label="Search"
          action={
            <Button size="compact-sm" variant="white" onClick={props.onClearSearch}>
              Clear Search
            </Button>
          }
        >
          <Text size="sm">
            Search results for <b>"{search}"</b>: {products(total)}
          </Text>
        </Banner>
      )}
    </>
  );
}
