import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconColumns, IconFileImport, IconPlus, IconTrashX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';

interface ProductsHeaderProps {
  /** Products matching the list's filters; undefined before the first answer. */
  total: number | undefined;
  /** Whether a search or filter narrows the list. */
  narrowed: boolean;
  onCustomiseColumns: () => void;
  onAddProduct: () => void;
  /** The import and export buttons, which take the list's filter and selection. */
  importExport: ReactNode;
  /** A phone: the title and Add Product share a line, the other buttons follow; no Columns (the cards show fixed fields). */
  phone?: boolean;
}

export function ProductsHeader({ total, narrowed, onCustomiseColumns, onAddProduct, importExport, phone }: ProductsHeaderProps) {
  const count = total !== undefined ? `${formatCount(total)} ${narrowed ? 'matching' : 'in the catalogue'}` : ' ';
  if (phone) {
    return (
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <HeaderTitle count={count} />
          <Button leftSection={<IconPlus size={16} />} onClick={onAddProduct} style={{ flex: 'none' }}>
            Add Product
          </Button>
        </Group>
        <Group gap={6}>
          {importExport}
          <Button component={Link} to="/imports" variant="subtle" size="compact-sm" leftSection={<IconFileImport size={14} />}>
            Imports
          </Button>
          <Button component={Link} to="/products/deleted" variant="subtle" size="compact-sm" leftSection={<IconTrashX size={14} />}>
            Recently deleted
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" align="flex-end">
      <HeaderTitle count={count} />
      <Group gap="xs">
        <Button component={Link} to="/imports" variant="subtle" leftSection={<IconFileImport size={16} />}>
          Imports
        </Button>
        <Button component={Link} to="/products/deleted" variant="subtle" leftSection={<IconTrashX size={16} />}>
          Recently deleted
        </Button>
        <Button variant="default" leftSection={<IconColumns size={16} />} onClick={onCustomiseColumns}>
          Columns
        </Button>
        <Button leftSection={<IconPlus size={16} />} onClick={onAddProduct}>
          Add Product
        </Button>
        {importExport}
      </Group>
    </Group>
  );
}

function HeaderTitle({ count }: { count: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        Products
      </Title>
      <Text size="sm" c="dimmed">
        {count}
      </Text>
    </div>
  );
}
