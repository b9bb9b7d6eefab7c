import type { Product } from '@bosun/shared';
import { useForm } from 'react-hook-form';
import { notify } from '../../../components/ui/notify';
import { errorMessage, showServerFieldErrors } from '../../../lib/api-errors';
import {
  editsVariableProduct,
  PRODUCT_FORM_FIELDS,
  productFormDefaults,
  productFormResolver,
  variableProductFormResolver,
  type ProductFormMode,
  type ProductFormValues,
} from '../model/product-form-values';

/**
 * The product form of the modal and of the detail page: the product's values, checked by the
 * shared schema. A failed save shows the server's field messages (a taken SKU, a bad reference)
 * under their fields, and a toast for fields out of view. A variable product's stock and prices
 * are its variations': they are not sent.
 */
export function useProductForm(product: Product | null, mode: ProductFormMode) {
  const form = useForm<ProductFormValues, unknown, Record<string, unknown>>({
    resolver: (editsVariableProduct(product, mode) ? variableProductFormResolver : productFormResolver) as never,
    defaultValues: productFormDefaults(product, mode),
  });
  const showSaveError = (error: unknown, fallback: string) => {
    showServerFieldErrors(error, form.setError, PRODUCT_FORM_FIELDS);
    notify.error(errorMessage(error, fallback));
  };
  return { form, showSaveError };
}
