import type { GeneratePreview, GenerateVariationsBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

type GenerateRequest = { productId: number; body: Omit<GenerateVariationsBody, 'preview'> };

/** What 'Create' would make: the combinations, their SKUs, the ones that exist and the collisions. */
export const previewVariations = ({ productId, body }: GenerateRequest) =>
  apiClient.post<GeneratePreview>(`/products/${productId}/variations/generate`, { ...body, preview: true });

export const generateVariations = ({ productId, body }: GenerateRequest) =>
  apiClient.post<{ message: string; created: number; skipped: number }>(`/products/${productId}/variations/generate`, body);

export function usePreviewVariations() {
  return useMutation({ mutationFn: previewVariations });
}

export function useGenerateVariations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVariations,
    // Resolves once the grid holds the new rows, so the screen never shows the old list after 'Create'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
