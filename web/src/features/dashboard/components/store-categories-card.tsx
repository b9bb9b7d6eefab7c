import type { DashboardStats } from '@bosun/shared';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { plural } from '../../../lib/format';
import { productsUrlFor } from '../../categories';
import { CountBar } from './count-bar';

/** Products per top-level store category, each opening the products list filtered by it; the rest summed in words. */
export function StoreCategoriesCard({ categories }: { categories: DashboardStats['storeCategories'] }) {
  const { top, other } = categories;
  const largest = Math.max(0, ...top.map((c) => c.product_count));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="store-categories-title">
      <Title id="store-categories-title" order={3} size="h4" mb="md">
        Products by Store Category
      </Title>
      {top.length === 0 ? (
        <Text c="dimmed" size="sm">
          No store categories yet
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {top.map((category) => (
            <li key={category.id}>
              <CountBar
                name={category.name}
                count={category.product_count}
                largest={largest}
                color="teal"
                label={
                  <Anchor component={Link} to={productsUrlFor({ id: category.id, type: 'store', vendor_id: null })} fw={500} size="sm" truncate="end">
                    {category.name}
                  </Anchor>
                }
              />
            </li>
          ))}
        </Stack>
      )}
      {/* The rest as words, not a bar: their sum is no category's size and would outgrow the largest. */}
      {other.categories > 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          and {plural(other.categories, 'more category', 'more categories')} with {plural(other.product_count, 'product')}
        </Text>
      )}
    </Card>
  );
}
