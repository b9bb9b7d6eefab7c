import { AUTH_MESSAGES, PRODUCT_FORM_MESSAGES, PRODUCT_MESSAGES, STOCK_STATUS_LABELS, type Product } from '@bosun/shared';
import { Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ProductHistoryPanel, useHistoryReferenceNames } from '../../history';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ContentLoader } from '../../../components/ui/loaders';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { notify } from '../../../components/ui/notify';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { formatCount, plural } from '../../../lib/format';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { useConfirmDeleteProduct } from '../hooks/use-delete-actions';
import { useProductForm } from '../hooks/use-product-form';
import { useReferenceNames } from '../hooks/use-reference-names';
import { useStaleSave } from '../hooks/use-stale-save';
import { useUnits } from '../hooks/use-units';
import { PRODUCT_FORM_FIELDS, productFormDefaults } from '../model/product-form-values';
import { listPriceText } from '../model/variant-cells';
import {
  CategoryFields,
  DescriptionFields,
  IdentityFields,
  ImageFields,
  PricingFields,
  SeoFields,
  TagsField,
  ShippingFields,
  StatusFields,
  StockField,
  VISUAL_TABS,
  type DescriptionTabs,
} from './product-fields';
import { EditActionsBar, ProductDetailHeader, type ProductDetailActions } from './product-detail-header';
import { ProductFormModal, type ProductFormTarget } from './product-form-modal';
import { ProductGallery, productImages } from './product-gallery';
import { ProductQualityPanel } from '../../quality';
import { CategoryValues, DescriptionValues, IdentityValues, InventoryValues, PricingValues, SeoValues, ShippingValues, StatusValues } from './product-values';
import { StaleVersionModal } from './stale-version-modal';
import { Value, ValueList } from './value-list';

/** /product/{id} (SPEC §2 Product detail, §4 view and edit modes). */
export function ProductDetailView({ id }: { id: number }) {
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const query = useProduct(id, { enabled: valid });

  // A product that is not there (or cannot be read) sends the user back to the list with a toast.
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  const failed = query.isError && !notFound && !isForbidden(query.error);
  useEffect(() => {
    if (notFound) {
      notify.error(PRODUCT_MESSAGES.notFound);
      navigate('/products', { replace: true });
    } else if (failed) {
      notify.error('Error loading product');
      navigate('/products', { replace: true });
    }
  }, [notFound, failed, navigate]);

  if (isForbidden(query.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  if (query.data) return <ProductDetail key={query.data.id} product={query.data} />;
  if (query.isPending && valid) return <ContentLoader label="Loading product" />;
  return <Text c="dimmed">{PRODUCT_MESSAGES.notFound}</Text>;
}

/** A variable product's stock and prices are its variations': their total and range, not a value of its own. */
function VariableSummary({ product, currency }: { product: Product; currency: string | undefined }) {
  const range = product.list_price === null ? '—' : listPriceText(product, currency);
  return (
    <Group gap="md">
      <Text size="sm">
        Stock: {product.stock === null ? 'not tracked' : formatCount(product.stock)} (total of {plural(product.variation_count, 'variation')})
      </Text>
      <Text size="sm">Status: {STOCK_STATUS_LABELS[product.stock_status]}</Text>
      <Text size="sm">Price: {range}</Text>
    </Group>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const navigate = useNavigate();
  const units = useUnits();
  const updateProduct = useUpdateProduct();
  const deletes = useConfirmDeleteProduct(() => navigate('/products'));
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string>('general');
  const [descriptionTabs, setDescriptionTabs] = useState<DescriptionTabs>(VISUAL_TABS);
  const [duplicate, setDuplicate] = useState<ProductFormTarget | null>(null);
  const { form, showSaveError } = useProductForm(product, 'edit');

  // A reload (after a save, or a write elsewhere) shows the new data while not editing.
  useEffect(() => {
    if (!editing) form.reset(productFormDefaults(product, 'edit'));
  }, [product, editing, form]);

  const startEditing = () => {
    form.reset(productFormDefaults(product, 'edit'));
    setDescriptionTabs(VISUAL_TABS);
    setEditing(true);
  };
  const cancel = () => {
    form.reset(productFormDefaults(product, 'edit'));
    setDescriptionTabs(VISUAL_TABS);
    setEditing(false);
  };

  const submit = async (body: Record<string, unknown>) => {
    try {
      await updateProduct.mutateAsync({ id: product.id, body });
      notify.success(PRODUCT_FORM_MESSAGES.updated);
      staleSave.clear();
      setDescriptionTabs(VISUAL_TABS);
      setEditing(false);
    } catch (error) {
      // Someone saved meanwhile: nothing was written, and the dialog says what they changed.
      if (!staleSave.caught(error, body)) showSaveError(error, PRODUCT_FORM_MESSAGES.updateFailed);
    }
  };
  const staleSave = useStaleSave({ productId: product.id, save: submit, reloadInto: (fresh) => form.reset(productFormDefaults(fresh, 'edit')) });
  const nameOf = useReferenceNames(staleSave.stale !== null);
  // The history names categories by their paths, and one deleted since as such.
  const historyNameOf = useHistoryReferenceNames(tab === 'history' ? product.id : null);

  const save = form.handleSubmit(
    // The version the form was opened on: a save over someone else's newer one is refused (409).
    (body) => submit({ ...body, version: product.version }),
    // The first tab holding an invalid field comes to the front, so its message is seen.
    (errors) => {
      const first = PRODUCT_FORM_FIELDS.find((f) => errors[f]);
      if (first) setTab(TAB_OF_FIELD[first]);
    },
  );

  const saving = form.formState.isSubmitting;
  const phone = useIsPhone();
  const images = productImages(product);
  const [viewing, setViewing] = useState<number | null>(null);
  const variable = product.kind === 'variable';
  const summary = <VariableSummary product={product} currency={units.currency} />;
  const actions: ProductDetailActions = {
    editing,
    saving,
    deleting: deletes.deleting,
    onEdit: startEditing,
    onSave: () => void save(),
    onCancel: cancel,
    onDuplicate: () => setDuplicate({ mode: 'duplicate', product }),
    onDelete: () => deletes.confirmDeleteProduct(product),
    onVariations: () => navigate(`/product/${product.id}/variations`),
  };

  return (
    <Stack gap="md">
      <ProductDetailHeader
        product={product}
        actions={actions}
        image={images[0] ?? null}
        onOpenImage={() => setViewing(0)}
        summary={variable ? summary : null}
      />
      <ProductQualityPanel productId={product.id} />

      <FormProvider {...form}>
        <form
          noValidate
          aria-label={editing ? 'Edit product' : 'Product details'}
          onSubmit={(event) => {
            event.preventDefault();
            if (editing) void save();
          }}
        >
          <Card withBorder padding="md">
            <Tabs value={tab} onChange={(next) => next && setTab(next)} keepMounted>
              <Tabs.List aria-label="Product sections" mb="md">
                <Tabs.Tab value="general">General</Tabs.Tab>
                <Tabs.Tab value="pricing">Pricing</Tabs.Tab>
                <Tabs.Tab value="inventory">Inventory</Tabs.Tab>
                <Tabs.Tab value="shipping">Shipping</Tabs.Tab>
                <Tabs.Tab value="categories">Categories</Tabs.Tab>
                <Tabs.Tab value="seo">SEO</Tabs.Tab>
                <Tabs.Tab value="advanced">Advanced</Tabs.Tab>
                <Tabs.Tab value="history">History</Tabs.Tab>
              </Tabs.List>
              {/* View mode shows the values as text; edit mode the inputs, with the same labels. */}
              <Tabs.Panel value="general">
                {editing ? (
                  <Stack gap="md">
                    <IdentityFields />
                    <DescriptionFields tabs={descriptionTabs} onTabsChange={setDescriptionTabs} />
                  </Stack>
                ) : (
                  <Stack gap="lg">
                    <ValueList cols={1}>
                      <Value label={images.length > 1 ? `Images (${images.length})` : 'Image'}>
                        <ProductGallery name={product.name} images={images} viewing={viewing} onView={setViewing} />
                      </Value>
                    </ValueList>
                    <IdentityValues product={product} />
                    <DescriptionValues product={product} />
                  </Stack>
                )}
              </Tabs.Panel>
              <Tabs.Panel value="pricing">
                {variable ? summary : editing ? <PricingFields /> : <PricingValues product={product} currency={units.currency} />}
              </Tabs.Panel>
              <Tabs.Panel value="inventory">
                {variable ? summary : editing ? <StockField /> : <InventoryValues product={product} />}
              </Tabs.Panel>
              <Tabs.Panel value="shipping">{editing ? <ShippingFields units={units} /> : <ShippingValues product={product} units={units} />}</Tabs.Panel>
              <Tabs.Panel value="categories">
                {editing ? (
                  <Stack gap="md">
                    <CategoryFields current={product} />
                    <TagsField />
                  </Stack>
                ) : (
                  <CategoryValues product={product} />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="seo">
                {editing ? (
                  <Stack gap="md">
                    <SeoFields />
                  </Stack>
                ) : (
                  <SeoValues product={product} />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="advanced">
                {editing ? (
                  <Stack gap="md">
                    <StatusFields />
                    <ImageFields />
                  </Stack>
                ) : (
                  <StatusValues product={product} />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="history">
                {/* Loaded when opened: most visits never look at the history. */}
                {tab === 'history' && <ProductHistoryPanel productId={product.id} units={units} nameOf={historyNameOf} />}
              </Tabs.Panel>
            </Tabs>
          </Card>
        </form>
      </FormProvider>

      {editing && phone && <EditActionsBar actions={actions} />}

      <StaleVersionModal stale={staleSave} units={units} nameOf={nameOf} busy={updateProduct.isPending} />

      <ProductFormModal
        target={duplicate}
        onClose={() => setDuplicate(null)}
        onSaved={(copy) => navigate(`/product/${copy.id}`)}
      />
    </Stack>
  );
}

const TAB_OF_FIELD: Record<(typeof PRODUCT_FORM_FIELDS)[number], string> = {
  sku: 'general', name: 'general', mfn: 'general', gtin: 'general', brand: 'general', short_description: 'general', description: 'general',
  list_price: 'pricing', market_price: 'pricing', vendor_cost: 'pricing', special_price: 'pricing',
  stock: 'inventory', track_stock: 'inventory', stock_status: 'inventory',
  weight: 'shipping', length: 'shipping', width: 'shipping', height: 'shipping',
  vendor_id: 'categories', vendor_category_id: 'categories', store_category_id: 'categories', google_category: 'categories', tags: 'categories',
  meta_title: 'seo', meta_description: 'seo', meta_keywords: 'seo',
  published: 'advanced', featured: 'advanced', visibility: 'advanced', image_url: 'advanced', images: 'advanced',
};
