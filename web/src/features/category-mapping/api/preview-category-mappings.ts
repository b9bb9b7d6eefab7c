import type { CategoryMappingBody, CategoryMappingPreview } from '@bosun/shared';
import { apiClient } from '../../../lib/api-client';

/** POST /category-mappings/preview: how many products saving would reach, before anything is saved. */
export const previewCategoryMappings = (body: CategoryMappingBody) => apiClient.post<CategoryMappingPreview>('/category-mappings/preview', body);
