import { PRODUCT_FORM_MESSAGES, type Product } from '@bosun/shared';
import { Button, Divider, Group, Modal, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { notify } from '../../../components/ui/notify';
import { errorMessage, showServerFieldErrors } from '../../../lib/api-errors';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useUnits } from '../hooks/use-units';
import {
  PRODUCT_FORM_FIELDS,
  productFormDefaults,
  productFormResolver,
  type ProductFormMode,
  type ProductFormValues,
} from '../model/product-form-values';
import {
  CategoryFields,
  DescriptionFields,
  IdentityFields,
  ImageFields,
  PricingFields,
  SeoFields,
  ShippingFields,
  StatusFields,
  StockField,
  type DescriptionTabs,
} from './product-fields';

export interface ProductFormTarget {
  mode: ProductFormMode;
  /** The product to edit or to copy; none to add a new one. */
  product: Product | null;
}

interface ProductFormModalProps {
  /** What the modal is open for; null when closed. */
  target: ProductFormTarget | null;
  onClose: () => void;
  onSaved?: (product: Product) => void;
}

const TITLES: Record<ProductFormMode, string> = { create: 'Add Product', edit: 'Edit Product', duplicate: 'Duplicate Product' };

/** Add, Quick Edit and Duplicate (SPEC §4 Product form and Duplicate). */
export function ProductFormModal({ target, onClose, onSaved }: ProductFormModalProps) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? TITLES[target.mode] : ''} size="xl">
      {target && (
        // Keyed so that each opening starts from that product's current values.
        <ProductForm
          key={`${target.mode}-${target.product?.id ?? 'new'}-${target.product?.updated_at ?? ''}`}
          mode={target.mode}
          product={target.product}
          onCancel={onClose}
          onSaved={(product) => {
            onSaved?.(product);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Divider label={<Title order={3} size="h5">{title}</Title>} labelPosition="left" />
      {children}
    </Stack>
  );
}

interface ProductFormProps {
  mode: ProductFormMode;
  product: Product | null;
  onCancel: () => void;
  onSaved: (product: Product) => void;
}

export function ProductForm({ mode, product, onCancel, onSaved }: ProductFormProps) {
  const units = useUnits();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const form = useForm<ProductFormValues, unknown, Record<string, unknown>>({
    resolver: productFormResolver as never,
    defaultValues: productFormDefaults(product, mode),
  });
  const [tabs, setTabs] = useState<DescriptionTabs>({ short_description: 'visual', description: 'visual' });
  const editing = mode === 'edit' && product !== null;

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = editing
        ? await updateProduct.mutateAsync({ id: product.id, body })
        : await createProduct.mutateAsync(body as never);
      notify.success(editing ? PRODUCT_FORM_MESSAGES.updated : PRODUCT_FORM_MESSAGES.created);
      onSaved(saved);
    } catch (error) {
      // A taken SKU or a bad reference shows under its field, and as a toast for fields out of view.
      showServerFieldErrors(error, form.setError, PRODUCT_FORM_FIELDS);
      notify.error(errorMessage(error, PRODUCT_FORM_MESSAGES.saveFailed));
    }
  });
  const saving = form.formState.isSubmitting;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={TITLES[mode]}>
        <Stack gap="lg">
          <Section title="Basic Information">
            <IdentityFields />
            <StatusFields />
          </Section>
          <Section title="Descriptions">
            <DescriptionFields tabs={tabs} onTabsChange={setTabs} />
          </Section>
          <Section title="Pricing">
            <PricingFields />
          </Section>
          <Section title="Inventory & Shipping">
            <StockField />
            <ShippingFields units={units} />
          </Section>
          <Section title="Categories">
            <CategoryFields current={product} />
          </Section>
          <Section title="SEO & Images">
            <SeoFields />
            <ImageFields />
          </Section>
          <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : editing ? 'Update Product' : 'Create Product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
