import { useMemo } from 'react';
import { useSettings } from '../../settings';
import type { Units } from '../model/product-columns';

/** The company's units (ARCHITECTURE §4 Units): the same in the list, the form and the detail page. */
export function useUnits(): Units {
  const settings = useSettings();
  const weight = settings.data?.weight_unit ?? 'kg';
  const dimension = settings.data?.dimension_unit ?? 'cm';
  return useMemo(() => ({ weight, dimension }), [weight, dimension]);
}
