import { STOCK_STATUS_LABELS, type Product } from '@bosun/shared';
import { Badge, Group } from '@mantine/core';
import { formatCount, formatCurrency, formatDate } from '../../../lib/format';
import type { Units } from '../model/product-columns';
import { VISIBILITY_LABELS } from '../model/product-form-values';
import { RichTextView } from './rich-text-view';
import { StockBadge } from './stock-badge';
import { Value, ValueList } from './value-list';

/**
 * The detail page's view mode, one group per tab: the product's values as text (money in the
 * settings' currency, counts with separators, a muted dash for what is not set). The edit mode's
 * inputs are product-fields.tsx, with the same labels.
 */

interface ValuesProps {
  product: Product;
}

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
/** A measure as stored (0.4536 kg is not rounded) with its unit. */
const measure = (value: number | null, unit: string) => (value === null ? null : `${value} ${unit}`);

export function IdentityValues({ product }: ValuesProps) {
  return (
    <ValueList>
      <Value label="Product Name">{product.name}</Value>
      <Value label="SKU">{product.sku}</Value>
      <Value label="Brand">{product.brand}</Value>
      <Value label="MFN">{product.mfn}</Value>
      <Value label="GTIN (UPC/EAN/ISBN)">{product.gtin}</Value>
    </ValueList>
  );
}

export function DescriptionValues({ product }: ValuesProps) {
  return (
    <ValueList cols={1}>
      <Value label="Short Description">
        <RichTextView label="Short Description" html={product.short_description} />
      </Value>
      <Value label="Description">
        <RichTextView label="Description" html={product.description} />
      </Value>
    </ValueList>
  );
}

export function PricingValues({ product, currency }: ValuesProps & { currency: string | undefined }) {
  const { list_price: list, vendor_cost: cost } = product;
  return (
    <ValueList>
      <Value label="List Price">{list === null ? null : formatCurrency(list, currency)}</Value>
      <Value label="Market Price">{product.market_price === null ? null : formatCurrency(product.market_price, currency)}</Value>
      <Value label="Vendor Cost">{cost === null ? null : formatCurrency(cost, currency)}</Value>
      <Value label="Special Price">{product.special_price === null ? null : formatCurrency(product.special_price, currency)}</Value>
      <Value label="Margin on list price">{list === null || cost === null ? null : formatCurrency(list - cost, currency)}</Value>
    </ValueList>
  );
}

export function InventoryValues({ product }: ValuesProps) {
  return (
    <ValueList>
      <Value label="Stock">{product.stock === null ? 'Not tracked' : formatCount(product.stock)}</Value>
      <Value label="Stock status">
        <StockBadge product={product} withWords />
      </Value>
    </ValueList>
  );
}

export function ShippingValues({ product, units }: ValuesProps & { units: Units }) {
  return (
    <ValueList cols={{ base: 2, sm: 4 }}>
      <Value label="Weight">{measure(product.weight, units.weight)}</Value>
      <Value label="Length">{measure(product.length, units.dimension)}</Value>
      <Value label="Width">{measure(product.width, units.dimension)}</Value>
      <Value label="Height">{measure(product.height, units.dimension)}</Value>
    </ValueList>
  );
}

export function CategoryValues({ product }: ValuesProps) {
  return (
    <ValueList>
      <Value label="Vendor">{product.vendor_name}</Value>
      <Value label="Vendor Category">{product.vendor_category_path ?? product.vendor_category_name}</Value>
      <Value label="Store Category">{product.store_category_path ?? product.store_category_name}</Value>
      <Value label="Google Category">{product.google_category}</Value>
      <Value label="Tags">
        {product.tags.length > 0 && (
          <Group gap={6} component="span">
            {product.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Value>
    </ValueList>
  );
}

export function SeoValues({ product }: ValuesProps) {
  return (
    <ValueList cols={1}>
      <Value label="Meta Title">{product.meta_title}</Value>
      <Value label="Meta Description">{product.meta_description}</Value>
      <Value label="Meta Keywords">{product.meta_keywords}</Value>
    </ValueList>
  );
}

export function StatusValues({ product }: ValuesProps) {
  return (
    <ValueList cols={{ base: 1, sm: 3 }}>
      <Value label="Published">{yesNo(product.published)}</Value>
      <Value label="Featured">{yesNo(product.featured)}</Value>
      <Value label="Visibility">{VISIBILITY_LABELS[product.visibility]}</Value>
      <Value label="Product ID">{String(product.id)}</Value>
      <Value label="Created">{formatDate(product.created_at)}</Value>
      <Value label="Updated">{formatDate(product.updated_at)}</Value>
    </ValueList>
  );
}
