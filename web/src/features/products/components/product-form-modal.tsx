import { PRODUCT_FORM_MESSAGES, type Product } from '@bosun/shared';
import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { notify } from '../../../components/ui/notify';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { useCreateProduct } from '../api/create-product';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { useProductForm } from '../hooks/use-product-form';
import { useReferenceNames } from '../hooks/use-reference-names';
import { useStaleSave } from '../hooks/use-stale-save';
import { useUnits } from '../hooks/use-units';
import { editsVariableProduct, productFormDefaults, type ProductFormMode } from '../model/product-form-values';
import { FormSection, StickyFormActions } from './form-layout';
import { StaleVersionModal } from './stale-version-modal';
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
import { Dialog } from '../../../components/ui/dialog';

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
  // On a phone the form takes the screen, its Cancel and Create at the foot of it.
  const phone = useIsPhone();
  return (
    <Dialog opened={target !== null} onClose={onClose} title={target ? TITLES[target.mode] : ''} size="xl" fullScreen={phone}>
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
    </Dialog>
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

  // A list row carries no version: the quick edit opens on the product as stored now, and saves on its version.
  const stored = useProduct(product?.id ?? 0, { enabled: editing && product?.version === undefined });
  const [openedOn, setOpenedOn] = useState<Product | null>(product?.version === undefined ? null : product);
  useEffect(() => {
    if (!stored.data || openedOn || form.formState.isDirty) return;
    form.reset(productFormDefaults(stored.data, mode));
    setOpenedOn(stored.data);
  }, [stored.data, openedOn, form, mode]);

  const save = async (body: Record<string, unknown>) => {
    try {
      const saved = editing
        ? await updateProduct.mutateAsync({ id: product.id, body })
        : await createProduct.mutateAsync(body as never);
      notify.success(editing ? PRODUCT_FORM_MESSAGES.updated : PRODUCT_FORM_MESSAGES.created);
      staleSave.clear();
      onSaved(saved);
    } catch (error) {
      // Someone saved meanwhile: nothing was written, and the dialog says what they changed.
      if (!staleSave.caught(error, body)) showSaveError(error, PRODUCT_FORM_MESSAGES.saveFailed);
    }
  };
  const staleSave = useStaleSave({
    productId: product?.id ?? 0,
    save,
    reloadInto: (fresh) => {
      form.reset(productFormDefaults(fresh, mode));
      setOpenedOn(fresh);
    },
  });
  const nameOf = useReferenceNames(staleSave.stale !== null);
  const submit = form.handleSubmit((body) => save(editing ? { ...body, version: openedOn?.version } : body));
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
      {editing && <StaleVersionModal stale={staleSave} units={units} nameOf={nameOf} busy={updateProduct.isPending} />}
    </FormProvider>
  );
}
