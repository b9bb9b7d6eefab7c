import { MAX_TAGS, STOCK_STATUS_LABELS, STOCK_STATUSES, tagKey, type Product } from '@bosun/shared';
import { Anchor, SimpleGrid, Stack, Switch, TagsInput, Text as MantineText, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FormNativeSelect } from '../../../components/ui/form-fields';
import { FormNumericInput } from '../../../components/ui/numeric-input';
import { currencySymbol, plural } from '../../../lib/format';
import { canPickCategories, canPickVendors, useCurrentUser } from '../../auth';
import { useCurrency } from '../../settings';
import { useAllCategories } from '../api/get-categories';
import { useVendorCategories } from '../api/get-vendor-categories';
import { useVendorOptions } from '../api/get-vendor-options';
import { storeCategoryOptions, treeToOptions, withCurrent } from '../model/category-options';
import type { Units } from '../model/product-columns';
import { formatNumber } from '../model/cell-format';
import { variationsPath } from '../model/list-rows';
import { productNumberProblem, VISIBILITY_LABELS, type ProductFormValues, type ProductNumberField } from '../model/product-form-values';
import { listPriceText, SET_ON_VARIATIONS } from '../model/variant-cells';
import { RichTextField, type RichTextTab } from './rich-text-field';

/**
 * The product's inputs in groups, shared by the form modal (all groups on one page) and the detail
 * page's edit mode (one group per tab). Its view mode shows the values as text: product-values.tsx.
 */

/**
 * The product being edited, when it is variable: its stock and prices are its variations' (shown
 * read-only: their total and list price range), and its weight, sizes and image their fallback.
 */
interface VariableProps {
  variable?: Product | null;
}

const isVariable = (product: Product | null | undefined): product is Product => product?.kind === 'variable';

/** 'Set on the variations', with the way there. */
function SetOnVariationsNote({ product }: { product: Product }) {
  return (
    <MantineText size="xs" c="dimmed">
      {SET_ON_VARIATIONS}:{' '}
      <Anchor component={Link} to={variationsPath(product.id)} size="xs">
        open the {plural(product.variation_count, 'variation')}
      </Anchor>
    </MantineText>
  );
}

/** A value of a variable product that its variations hold: shown, never an input. */
function FromVariations({ label, value }: { label: string; value: string }) {
  return <TextInput label={label} value={value} readOnly placeholder="On each variation" />;
}

/** A number of the product: kept as typed, checked at every key by the shared schema's rule; money with the currency's sign beside it. */
function NumberField({ name, label, money, integer }: { name: ProductNumberField; label: string; money?: boolean; integer?: boolean }) {
  const { control } = useFormContext<ProductFormValues>();
  const currency = useCurrency();
  return (
    <FormNumericInput
      control={control}
      name={name}
      label={label}
      integer={integer}
      check={(value) => productNumberProblem(name, value)}
      leftSection={money ? currencySymbol(currency) : undefined}
    />
  );
}

function Text({
  name,
  label,
  required,
  multiline,
  description,
}: {
  name: keyof ProductFormValues;
  label: string;
  required?: boolean;
  multiline?: boolean;
  description?: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const props = { label, description, withAsterisk: required, error: errors[name]?.message, ...register(name) };
  return multiline ? <Textarea rows={2} resize="vertical" {...props} /> : <TextInput autoComplete="off" {...props} />;
}

export function IdentityFields() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Text name="name" label="Product Name" required />
      <Text name="sku" label="SKU" required />
      <Text name="brand" label="Brand" />
      <Text name="mfn" label="MFN" />
      <Text name="gtin" label="GTIN (UPC/EAN/ISBN)" />
    </SimpleGrid>
  );
}

const VISIBILITY_OPTIONS = Object.entries(VISIBILITY_LABELS).map(([value, label]) => ({ value, label }));

export function StatusFields() {
  const { control } = useFormContext<ProductFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} verticalSpacing="md">
      {(['published', 'featured'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              label={name === 'published' ? 'Published' : 'Featured'}
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              mt={{ sm: 28 }}
            />
          )}
        />
      ))}
      <FormNativeSelect control={control} name="visibility" label="Visibility" data={VISIBILITY_OPTIONS} />
    </SimpleGrid>
  );
}

export type DescriptionTabs = { short_description: RichTextTab; description: RichTextTab };
/** Both descriptions open on their visual editor. */
export const VISUAL_TABS: DescriptionTabs = { short_description: 'visual', description: 'visual' };

export function DescriptionFields({ tabs, onTabsChange }: { tabs: DescriptionTabs; onTabsChange: (tabs: DescriptionTabs) => void }) {
  const { control } = useFormContext<ProductFormValues>();
  return (
    <>
      {(['short_description', 'description'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <RichTextField
              label={name === 'short_description' ? 'Short Description' : 'Description'}
              value={field.value}
              onChange={field.onChange}
              tab={tabs[name]}
              onTabChange={(tab) => onTabsChange({ ...tabs, [name]: tab })}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </>
  );
}

export function PricingFields({ variable }: VariableProps) {
  const currency = useCurrency();
  if (isVariable(variable)) {
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FromVariations label="List Price" value={variable.list_price === null ? '' : listPriceText(variable, currency)} />
          <FromVariations label="Market Price" value="" />
          <FromVariations label="Vendor Cost" value="" />
          <FromVariations label="Special Price" value="" />
        </SimpleGrid>
        <SetOnVariationsNote product={variable} />
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberField name="list_price" label="List Price" money />
      <NumberField name="market_price" label="Market Price" money />
      <NumberField name="vendor_cost" label="Vendor Cost" money />
      <NumberField name="special_price" label="Special Price" money />
    </SimpleGrid>
  );
}

const STATUS_OPTIONS = STOCK_STATUSES.map((value) => ({ value, label: STOCK_STATUS_LABELS[value] }));
/** With a tracked quantity the status may follow it (the shared rule: above 0 in stock, else out of stock). */
const TRACKED_STATUS_OPTIONS = [{ value: '', label: 'From the quantity' }, ...STATUS_OPTIONS];

/**
 * The quantity, whether it is tracked, and the stock status (issue 19): an untracked product has
 * no quantity, only a status; a tracked one's status follows its quantity unless one is chosen
 * (backorder: it sells at 0).
 */
export function StockField({ variable }: VariableProps) {
  const { control, setValue } = useFormContext<ProductFormValues>();
  const [tracked, status] = useWatch({ control, name: ['track_stock', 'stock_status'] });
  if (isVariable(variable)) {
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FromVariations label="Stock (total of the variations)" value={variable.stock === null ? 'Not tracked' : formatNumber(variable.stock)} />
          <FromVariations label="Stock status (from the variations)" value={STOCK_STATUS_LABELS[variable.stock_status]} />
        </SimpleGrid>
        <SetOnVariationsNote product={variable} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="track_stock"
        render={({ field }) => (
          <Switch
            label="Track quantity"
            name={field.name}
            ref={field.ref}
            checked={field.value}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              field.onChange(on);
              // Untracked needs a status of its own; tracked may follow the quantity again.
              if (!on && status === '') setValue('stock_status', 'in_stock');
            }}
            onBlur={field.onBlur}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {tracked && <NumberField name="stock" label="Stock" integer />}
        <FormNativeSelect
          control={control}
          name="stock_status"
          label="Stock status"
          data={tracked ? TRACKED_STATUS_OPTIONS : STATUS_OPTIONS}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function ShippingFields({ units, variable }: VariableProps & { units: Units }) {
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberField name="weight" label={`Weight (${units.weight})`} />
        <NumberField name="length" label={`Length (${units.dimension})`} />
        <NumberField name="width" label={`Width (${units.dimension})`} />
        <NumberField name="height" label={`Height (${units.dimension})`} />
      </SimpleGrid>
      {isVariable(variable) && (
        <MantineText size="xs" c="dimmed">
          A variation without its own weight or dimensions uses these.
        </MantineText>
      )}
    </Stack>
  );
}

/**
 * Vendor, then the vendor's own categories (the list follows the vendor chosen), then the shop's
 * store categories; options carry their paths. `current` names what is chosen before the lists load.
 */
export function CategoryFields({ current }: { current?: Product | null }) {
  const { control, setValue } = useFormContext<ProductFormValues>();
  const user = useCurrentUser();
  const vendorsAvailable = canPickVendors(user);
  const categoriesAvailable = canPickCategories(user);
  const [vendorId, vendorCategoryId, storeCategoryId] = useWatch({ control, name: ['vendor_id', 'vendor_category_id', 'store_category_id'] });
  const vendorIdNumber = vendorId ? Number(vendorId) : null;
  const vendors = useVendorOptions({ enabled: vendorsAvailable });
  const vendorCategories = useVendorCategories(vendorIdNumber, { enabled: categoriesAvailable });
  const allCategories = useAllCategories({ enabled: categoriesAvailable });

  const vendorOptions = withCurrent(
    (vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name })),
    vendorId,
    current && String(current.vendor_id) === vendorId ? current.vendor_name : null,
  );

  const vendorCategoryChoices = withCurrent(
    vendorIdNumber !== null ? treeToOptions(vendorCategories.data ?? []) : [],
    vendorCategoryId,
    current && String(current.vendor_category_id) === vendorCategoryId ? (current.vendor_category_path ?? current.vendor_category_name) : null,
  );
  const storeCategoryChoices = withCurrent(
    storeCategoryOptions(allCategories.data ?? []),
    storeCategoryId,
    current && String(current.store_category_id) === storeCategoryId ? (current.store_category_path ?? current.store_category_name) : null,
  );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <FormNativeSelect
        control={control}
        name="vendor_id"
        label="Vendor"
        data={[{ value: '', label: 'No vendor' }, ...vendorOptions]}
        // A vendor category belongs to one vendor: a new vendor starts without one.
        onValueChange={() => setValue('vendor_category_id', '', { shouldDirty: true })}
      />
      <FormNativeSelect
        control={control}
        name="vendor_category_id"
        label="Vendor Category"
        data={[{ value: '', label: vendorIdNumber === null ? 'Choose a vendor first' : 'No vendor category' }, ...vendorCategoryChoices]}
        disabled={vendorIdNumber === null}
        description={vendorIdNumber !== null && vendorCategories.isFetching ? 'Loading categories…' : undefined}
      />
      <FormNativeSelect
        control={control}
        name="store_category_id"
        label="Store Category"
        data={[{ value: '', label: 'No store category' }, ...storeCategoryChoices]}
      />
      <Text name="google_category" label="Google Category" />
    </SimpleGrid>
  );
}

/** Same tag whatever its ASCII case, as the server reads it ('Wool' is 'wool'). */
const sameTag = (value: string, current: string[]) => current.some((tag) => tagKey(tag) === tagKey(value.trim()));

/** Tags as chips: Enter or a comma ends one; a pasted 'winter, wool' becomes two. */
export function TagsField() {
  const { control } = useFormContext<ProductFormValues>();
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field, fieldState }) => (
        <TagsInput
          label="Tags"
          description={`For staff search and filters; Enter or a comma ends a tag (at most ${MAX_TAGS})`}
          placeholder="Add a tag"
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          maxTags={MAX_TAGS}
          isDuplicate={sameTag}
          clearable
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function SeoFields() {
  return (
    <>
      <Text name="meta_title" label="Meta Title" />
      <Text name="meta_description" label="Meta Description" multiline />
      <Text name="meta_keywords" label="Meta Keywords" />
    </>
  );
}

export function ImageFields({ variable }: VariableProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  return (
    <>
      <Text
        name="image_url"
        label="Image URL"
        description={isVariable(variable) ? 'A variation without its own image uses this one.' : undefined}
      />
      <Textarea
        label="Additional Images"
        description="One address per line"
        rows={2}
        resize="vertical"
        error={errors.images?.message}
        {...register('images')}
      />
    </>
  );
}
