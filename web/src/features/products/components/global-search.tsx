import { GLOBAL_SEARCH_LIMIT, GLOBAL_SEARCH_MIN_CHARS, type Product } from '@bosun/shared';
import { Button, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ImageWithFallback, PRODUCT_PLACEHOLDER_URL } from '../../../components/ui/image-with-fallback';
import { formatCurrency } from '../../../lib/format';
import { useCurrency } from '../../settings';
import { useSearchProducts } from '../api/search-products';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

function SearchResult({ product, currency }: { product: Product; currency: string }) {
  return (
    <Group wrap="nowrap" gap="sm">
      <ImageWithFallback src={product.image_url} fallbackSrc={PRODUCT_PLACEHOLDER_URL} alt="" w={36} h={36} radius="sm" fit="cover" style={{ flex: 'none' }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {product.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          SKU: {product.sku}
        </Text>
      </div>
      <Text size="sm" fw={600} style={{ flex: 'none' }}>
        {formatCurrency(product.list_price, currency)}
      </Text>
    </Group>
  );
}

/** The header's product search: from 2 characters, up to 10 results, 'See all results' at exactly 10. */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const currency = useCurrency();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const searchable = debouncedQuery.length >= GLOBAL_SEARCH_MIN_CHARS;
  const search = useSearchProducts(debouncedQuery, { enabled: searchable });
  const results = searchable ? (search.data?.products ?? []).slice(0, GLOBAL_SEARCH_LIMIT) : [];
  const open = query.trim().length >= GLOBAL_SEARCH_MIN_CHARS;

  useEffect(() => {
    if (search.error) console.error('Global product search failed', search.error);
  }, [search.error]);

  const finish = (to: string) => {
    combobox.closeDropdown();
    setQuery('');
    navigate(to);
  };
  const seeAll = () => finish(`/products?search=${encodeURIComponent(debouncedQuery)}`);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(productId) => finish(`/product/${productId}`)}
      withinPortal
      position="bottom-start"
      width="target"
      offset={6}
    >
      <Combobox.Target>
        <TextInput
          aria-label="Search products"
          placeholder="Search products…"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching && searchable ? <Loader size={14} /> : null}
          value={query}
          w={{ base: 180, xs: 260, sm: 340 }}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') combobox.closeDropdown();
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!open} aria-label="Product search results">
        <Combobox.Options mah={480} style={{ overflowY: 'auto' }}>
          {results.map((product) => (
            <Combobox.Option value={String(product.id)} key={product.id} aria-label={`${product.name}, SKU ${product.sku}`}>
              <SearchResult product={product} currency={currency} />
            </Combobox.Option>
          ))}
          {results.length === 0 && (
            <Combobox.Empty>{!searchable || search.isPending || search.isPlaceholderData ? 'Searching…' : 'No products found'}</Combobox.Empty>
          )}
        </Combobox.Options>
        {results.length === GLOBAL_SEARCH_LIMIT && (
          <Combobox.Footer>
            <Button
              variant="subtle"
              fullWidth
              size="xs"
              // Keep the input focused so its blur does not close the dropdown before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={seeAll}
            >
              See all results
            </Button>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
