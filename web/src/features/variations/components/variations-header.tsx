import type { VariationsResponse } from '@bosun/shared';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCount, formatCurrency } from '../../../lib/format';
import { useCurrency } from '../../settings';

/** The price range as the parent shows it: one price when all are the same. */
export function priceRange(min: number | null, max: number | null, currency?: string): string {
  if (min === null) return '—';
  return max === null || max === min ? formatCurrency(min, currency) : `${formatCurrency(min, currency)} – ${formatCurrency(max, currency)}`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** Whose variations these are: the parent's name and SKU, its stock total and price range, and the way back. */
export function VariationsHeader({ data }: { data: VariationsResponse }) {
  const { product } = data;
  const currency = useCurrency();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Anchor component={Link} to={`/product/${product.id}`} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} />
            Back to {product.name}
          </Group>
        </Anchor>
        <Title order={1} size="h2">
          Variations of {product.name}
        </Title>
        <Group gap="xl" wrap="wrap">
          <Figure label="SKU" value={product.sku} />
          <Figure label="Variations" value={formatCount(data.variations.length)} />
          <Figure label="Stock total" value={formatCount(data.stock_total)} />
          <Figure label="Price range" value={priceRange(data.price_min, data.price_max, currency)} />
        </Group>
      </Stack>
    </Card>
  );
}
