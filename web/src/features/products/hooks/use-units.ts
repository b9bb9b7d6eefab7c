import { useMemo } from 'react';
import { useCurrency, useSettings } from '../../settings';
import type { Units } from '../model/product-columns';

/** The company's units and currency (ARCHITECTURE §4 Units): the same in the list, the form and the detail page. */
export function useUnits(): Units {
  const settings = useSettings();
  const weight = settings.data?.weight_unit ?? 'kg';
  const dimension = settings.data?.dimension_unit ?? 'cm';
  const currency = useCurrency();
  return useMemo(() => ({ weight, dimension, currency }), [weight, dimension, currency]);
}
