import type { ImportFieldGroup } from '@bosun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getImportFields = async (signal?: AbortSignal): Promise<ImportFieldGroup[]> =>
  (await apiClient.get<{ fields: ImportFieldGroup[] }>('/products/import/fields', { signal })).fields;

export const importFieldsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'import-fields'], queryFn: ({ signal }) => getImportFields(signal), staleTime: Infinity });

/** The database fields a CSV column can be mapped to, in groups. */
export function useImportFields({ enabled }: { enabled: boolean }) {
  return useQuery({ ...importFieldsQueryOptions(), enabled });
}
