import { DASHBOARD_RECENT_PRODUCTS, type Product } from '@bosun/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ImageWithFallback, PRODUCT_PLACEHOLDER_URL } from '../../../components/ui/image-with-fallback';
import { formatCurrency } from '../../../lib/format';
import { StockBadge } from '../../products';
import { useCurrency } from '../../settings';
import { TruncatedText } from '../../../components/ui/truncated-text';



export function RecentProductsCard({ products }: { products: Product[] }) {
  const recent = products.slice(0, DASHBOARD_RECENT_PRODUCTS);
  const currency = useCurrency();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recent-products-title">
      <Title id="recent-products-title" order={3} size="h4" mb="md">
        Recent Products
      </Title>
      {recent.length === 0 ? (
        <Text c="dimmed" size="sm">
          No products yet
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {recent.map((product) => (
            <Group key={product.id} component="li" wrap="nowrap" gap="sm">
              <ImageWithFallback
                src={product.image_url}
                fallbackSrc={PRODUCT_PLACEHOLDER_URL}
                alt={product.name}
                w={44}
                h={44}
                radius="sm"
                fit="cover"
                style={{ flex: 'none' }}
              />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={500} size="sm" component="div">
                  <TruncatedText full={product.name}>{product.name}</TruncatedText>
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  SKU: {product.sku} · {product.vendor_name || 'Unknown'}
                </Text>
              </div>
              <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
                <Text size="sm" fw={600}>
                  {formatCurrency(product.list_price, currency)}
                </Text>
                <StockBadge product={product} withWords />
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
