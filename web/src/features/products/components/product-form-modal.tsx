import { PRODUCT_FORM_MESSAGES, type Product } from '@bosun/shared';
import { Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { notify } from '../../../components/ui/notify';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useProductForm } from '../hooks/use-product-form';
import { useUnits } from '../hooks/use-units';
import { editsVariableProduct, type ProductFormMode } from '../model/product-form-values';
import { FormSection, StickyFormActions } from './form-layout';
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
  const { form, showSaveError } = useProductForm(product, mode);
  const [tabs, setTabs] = useState<DescriptionTabs>(VISUAL_TABS);
  const editing = mode === 'edit' && product !== null;
  // A copy of a variable product is a simple one: only an edit shows the variations' fields.
  const variable = editsVariableProduct(product, mode) ? product : null;

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = editing
        ? await updateProduct.mutateAsync({ id: product.id, body })
        : await createProduct.mutateAsync(body as never);
      notify.success(editing ? PRODUCT_FORM_MESSAGES.updated : PRODUCT_FORM_MESSAGES.created);
      onSaved(saved);
    } catch (error) {
      showSaveError(error, PRODUCT_FORM_MESSAGES.saveFailed);
    }
  });
  const saving = form.formState.isSubmitting;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={TITLES[mode]}>
        <Stack gap="lg">
          <FormSection title="Basic Information">
            <IdentityFields />
            <StatusFields />
          </FormSection>
          <FormSection title="Descriptions">
            <DescriptionFields tabs={tabs} onTabsChange={setTabs} />
          </FormSection>
          <FormSection title="Pricing">
            <PricingFields variable={variable} />
          </FormSection>
          <FormSection title="Inventory & Shipping">
            <StockField variable={variable} />
            <ShippingFields units={units} variable={variable} />
          </FormSection>
          <FormSection title="Categories & Tags">
            <CategoryFields current={product} />
            <TagsField />
          </FormSection>
          <FormSection title="SEO & Images">
            <SeoFields />
            <ImageFields variable={variable} />
          </FormSection>
          <StickyFormActions submitLabel={editing ? 'Update Product' : 'Create Product'} savingLabel="Saving..." saving={saving} onCancel={onCancel} />
        </Stack>
      </form>
    </FormProvider>
  );
}
